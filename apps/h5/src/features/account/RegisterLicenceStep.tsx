import { holderLicenceTypes, qualificationKinds } from '@yaocai/domain/compliance/licences';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { FormMessage } from '../../components/FormMessage';
import { useFormErrors } from '../../lib/use-form-errors';
import { uploadLicence, useRegisterSubmit } from './api/register';
import { type Licence, LicenceCard } from './LicenceCard';

const MAX_LICENCES = 10;
let nextKey = 1;
const blank = (kind: string): Licence => ({
  key: nextKey++,
  kind,
  number: '',
  issuer: '',
  expires_on: '',
  long_term: false,
  holder_name: '',
  holder_id_no: '',
  photos: [],
});

/** What the server takes for one licence (qualificationInput). */
const licenceInput = (l: Licence) => {
  const holder = holderLicenceTypes.includes(l.kind);
  return {
    kind: l.kind,
    number: l.number,
    issuer: l.issuer || undefined,
    long_term: l.long_term ? true : undefined,
    expires_on: l.long_term ? undefined : l.expires_on || undefined,
    holder_name: holder ? l.holder_name || undefined : undefined,
    holder_id_no: holder ? l.holder_id_no.trim().toUpperCase() || undefined : undefined,
    file_id: l.photos[0]?.id as number,
  };
};

/** Step 3: the licences, each with its photo taken by the camera; submit creates the account. */
export function RegisterLicenceStep({ token, onDone }: { token: string; onDone(): void }) {
  const submit = useRegisterSubmit();
  const [licences, setLicences] = useState<Licence[]>(() => [blank('business_licence')]);
  const [uploading, setUploading] = useState(0);
  // Field names are the server's (qualifications.0.number): every one of them is on this form.
  const form = useFormErrors(
    licences.flatMap((_, i) =>
      ['kind', 'number', 'issuer', 'expires_on', 'holder_name', 'holder_id_no', 'file_id'].map(
        (f) => `qualifications.${i}.${f}`,
      ),
    ),
  );
  const update = (key: number, patch: Partial<Licence>) =>
    setLicences((list) => list.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    form.clear();
    try {
      await submit.mutateAsync({ token, qualifications: licences.map(licenceInput) });
      onDone();
    } catch (error) {
      form.fail(error);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {licences.map((licence, index) => (
        <LicenceCard
          key={licence.key}
          index={index}
          licence={licence}
          kinds={qualificationKinds}
          errors={form.errors}
          onChange={(patch) => update(licence.key, patch)}
          onRemove={
            licences.length > 1
              ? () => setLicences((list) => list.filter((l) => l.key !== licence.key))
              : undefined
          }
          upload={(file) => uploadLicence(file, token)}
          onBusy={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
        />
      ))}
      {licences.length < MAX_LICENCES ? (
        <div className="m-pad">
          <Button
            block
            fill="outline"
            onClick={() => setLicences((list) => [...list, blank('drug_licence')])}
          >
            添加证件
          </Button>
        </div>
      ) : null}
      <FormMessage text={form.message} />
      <div className="m-pad">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={submit.isPending}
          disabled={uploading > 0}
        >
          提交注册
        </Button>
      </div>
    </form>
  );
}
