import type { UploadedFile } from '@yaocai/domain';
import { holderLicenceTypes } from '@yaocai/domain/compliance/licences';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import { Field } from '../../components/Field';
import { type Photo, PhotoInput } from '../../components/PhotoInput';
import type { FieldErrors } from '../../lib/field-errors';

/** One licence as the form holds it. */
export interface Licence {
  key: number;
  kind: string;
  number: string;
  issuer: string;
  /** YYYY-MM-DD from the date input, '' when not chosen. */
  expires_on: string;
  long_term: boolean;
  holder_name: string;
  holder_id_no: string;
  photos: Photo[];
}

interface Props {
  index: number;
  licence: Licence;
  kinds: readonly { code: string; name: string }[];
  errors: FieldErrors;
  onChange(patch: Partial<Licence>): void;
  onRemove?(): void;
  upload(file: File): Promise<UploadedFile>;
  onBusy(busy: boolean): void;
}

/** 证件 N: type, number, issuer, validity (a last day or 长期有效), the purchaser on a proxy, the photo. */
export function LicenceCard({ index, licence, kinds, errors, onChange, onRemove, upload, onBusy }: Props) {
  const name = (field: string) => `qualifications.${index}.${field}`;
  const error = (field: string) => errors[name(field)];
  return (
    <List
      header={
        <span className="m-licence__head">
          证件 {index + 1}
          {onRemove ? (
            <button type="button" className="m-link" onClick={onRemove}>
              删除
            </button>
          ) : null}
        </span>
      }
      data-testid="licence"
    >
      <Field label="证件类型" name={name('kind')} error={error('kind')}>
        <select
          className="m-select"
          value={licence.kind}
          onChange={(e) => onChange({ kind: e.target.value })}
          aria-label={`证件${index + 1}类型`}
        >
          {kinds.map((k) => (
            <option key={k.code} value={k.code}>
              {k.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="证件编号" name={name('number')} error={error('number')}>
        <Input
          placeholder="请输入证件编号"
          maxLength={50}
          value={licence.number}
          onChange={(number) => onChange({ number })}
          aria-label={`证件${index + 1}编号`}
        />
      </Field>
      <Field label="发证机关" name={name('issuer')} error={error('issuer')}>
        <Input
          placeholder="选填"
          maxLength={60}
          value={licence.issuer}
          onChange={(issuer) => onChange({ issuer })}
          aria-label={`证件${index + 1}发证机关`}
        />
      </Field>
      <Field label="有效期至" name={name('expires_on')} error={error('expires_on')}>
        <div className="m-expiry">
          <input
            type="date"
            className="m-date"
            value={licence.expires_on}
            disabled={licence.long_term}
            onChange={(e) => onChange({ expires_on: e.target.value })}
            aria-label={`证件${index + 1}有效期至`}
          />
          <label className="m-check">
            <input
              type="checkbox"
              checked={licence.long_term}
              onChange={(e) => onChange({ long_term: e.target.checked })}
            />
            长期有效
          </label>
        </div>
      </Field>
      {holderLicenceTypes.includes(licence.kind) ? (
        <>
          <Field label="采购人员姓名" name={name('holder_name')} error={error('holder_name')}>
            <Input
              maxLength={20}
              value={licence.holder_name}
              onChange={(holder_name) => onChange({ holder_name })}
              aria-label="采购人员姓名"
            />
          </Field>
          <Field label="身份证号码" name={name('holder_id_no')} error={error('holder_id_no')}>
            <Input
              maxLength={18}
              value={licence.holder_id_no}
              onChange={(holder_id_no) => onChange({ holder_id_no })}
              aria-label="采购人员身份证号码"
            />
          </Field>
        </>
      ) : null}
      <Field label="证件照片" name={name('file_id')} error={error('file_id')}>
        <PhotoInput
          label={`证件${index + 1}照片`}
          value={licence.photos}
          onChange={(photos) => onChange({ photos })}
          max={1}
          upload={upload}
          onBusy={onBusy}
        />
      </Field>
    </List>
  );
}
