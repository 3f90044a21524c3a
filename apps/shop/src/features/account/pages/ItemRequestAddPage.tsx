import { useFeedback } from '@yaocai/web-client/feedback';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { LightTextArea } from '../../../components/FieldControls';
import { LightField } from '../../../components/LightField';
import { LightNumberInput } from '../../../components/LightNumberInput';
import { type Photo, PhotoUpload } from '../../../components/PhotoUpload';
import type { FieldSpecs } from '../../../lib/light-form';
import { useLightForm } from '../../../lib/use-light-form';
import { useSendItemRequest } from '../api/item-requests';

interface Values {
  name: string;
  spec: string;
  manufacturer: string;
  approval_no: string;
  quantity: number | null;
  expected_price: number | null;
  remark: string;
}

const fields: FieldSpecs<Values> = {
  name: { rules: [{ required: true, whitespace: true, message: '请填写商品名称' }] },
  spec: { rules: [{ required: true, whitespace: true, message: '请填写规格' }] },
  manufacturer: {},
  approval_no: {},
  quantity: { rules: [{ required: true, message: '请填写求购数量' }] },
  expected_price: {},
  remark: {},
};
const grid = { labelSpan: 4, wrapperSpan: 12 };

/** /pzqg/add 新增求购: name, specification, maker, quantity, expected price, pictures. */
export default function ItemRequestAddPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  // A search that found nothing links here with its keyword (/pzqg/add?name=).
  const [search] = useSearchParams();
  const form = useLightForm(fields, {
    name: search.get('name')?.trim().slice(0, 50) ?? '',
    spec: '',
    manufacturer: '',
    approval_no: '',
    quantity: 1,
    expected_price: null,
    remark: '',
  });
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(0);
  const send = useSendItemRequest();
  const errors = form.errors;

  const submit = async (v: Values) => {
    try {
      const saved = await send.mutateAsync({
        ...v,
        quantity: v.quantity ?? 0,
        expected_price: v.expected_price ?? 0,
        photo_ids: photos.map((p) => p.id),
      });
      message.success('提交成功，我们会尽快为您寻找货源');
      navigate(`/pzqg/info?id=${saved.id}`);
    } catch (error) {
      // The HTTP client has shown the refusal; each field message goes under its field.
      form.applyApiError(error);
    }
  };

  return (
    <Card className="sh-container sh-page" title="新增求购" data-testid="item-request-add">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <LightField {...grid} label="商品名称" required id="item-request-name" errors={errors('name')}>
          {(control) => (
            <input
              {...control}
              {...form.text('name')}
              className="yc-control"
              style={{ width: '100%' }}
              maxLength={50}
              placeholder="如：复方丹参滴丸"
            />
          )}
        </LightField>
        <LightField {...grid} label="规格" required id="item-request-spec" errors={errors('spec')}>
          {(control) => (
            <input
              {...control}
              {...form.text('spec')}
              className="yc-control"
              style={{ width: '100%' }}
              maxLength={50}
              placeholder="如：27mg*180丸"
            />
          )}
        </LightField>
        <LightField {...grid} label="生产厂家" id="item-request-manufacturer" errors={errors('manufacturer')}>
          {(control) => (
            <input
              {...control}
              {...form.text('manufacturer')}
              className="yc-control"
              style={{ width: '100%' }}
              maxLength={50}
            />
          )}
        </LightField>
        <LightField {...grid} label="批准文号" id="item-request-approval-no" errors={errors('approval_no')}>
          {(control) => (
            <input
              {...control}
              {...form.text('approval_no')}
              className="yc-control"
              style={{ width: '100%' }}
              maxLength={50}
              placeholder="如：国药准字Z10950111"
            />
          )}
        </LightField>
        <LightField
          {...grid}
          label="求购数量"
          required
          id="item-request-quantity"
          errors={errors('quantity')}
        >
          {(control) => (
            <LightNumberInput
              {...control}
              min={1}
              max={100000}
              precision={0}
              width={160}
              value={form.values.quantity}
              onChange={(v) => form.change('quantity', v)}
            />
          )}
        </LightField>
        <LightField
          {...grid}
          label="预期单价（元）"
          id="item-request-expected-price"
          errors={errors('expected_price')}
        >
          {(control) => (
            <LightNumberInput
              {...control}
              min={0}
              max={21474836}
              precision={2}
              width={160}
              placeholder="选填"
              value={form.values.expected_price}
              onChange={(v) => form.change('expected_price', v)}
            />
          )}
        </LightField>
        <LightField {...grid} label="备注" id="item-request-remark" errors={errors('remark')}>
          {(control) => (
            <LightTextArea {...control} {...form.text('remark')} rows={3} maxLength={200} showCount />
          )}
        </LightField>
        <LightField {...grid} label="商品图片">
          <PhotoUpload
            value={photos}
            onChange={setPhotos}
            max={3}
            onBusy={setUploading}
            testId="item-request-photos"
          />
        </LightField>
        <LightField offsetSpan={4}>
          <Button
            type="primary"
            htmlType="submit"
            loading={send.isPending}
            disabled={uploading > 0}
            data-testid="item-request-submit"
          >
            提交求购
          </Button>
          <Button style={{ marginLeft: 12 }} onClick={() => navigate('/pzqg')}>
            返回列表
          </Button>
        </LightField>
      </form>
    </Card>
  );
}
