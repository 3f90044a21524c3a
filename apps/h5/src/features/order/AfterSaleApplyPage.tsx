import type { OrderDetailView } from '@yaocai/domain';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import List from 'antd-mobile/es/components/list';
import Result from 'antd-mobile/es/components/result';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ChipGroup } from '../../components/ChipGroup';
import { Field } from '../../components/Field';
import { FormMessage } from '../../components/FormMessage';
import { type Photo, PhotoInput } from '../../components/PhotoInput';
import { QuantityStepper } from '../../components/QuantityStepper';
import { Screen } from '../../components/Screen';
import { yuan } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useFormErrors } from '../../lib/use-form-errors';
import { requestedLines } from './after-sale';
import { uploadPhoto, useRequestAfterSale } from './api/after-sale';
import { useOrderDetail } from './api/orders';

const kinds = [
  { code: 'return', name: '退货退款' },
  { code: 'after_sale', name: '其他售后' },
] as const;
const MAX_PHOTOS = 9;

/** 申请售后 (/orders/:id/after-sale): a shipped or completed order's lines, quantities, reason, photos. */
export default function AfterSaleApplyPage() {
  const id = Number(useParams().id);
  const order = useOrderDetail(id);
  let body: React.ReactNode;
  if (order.isPending) body = <DotLoading />;
  else if (!order.data) body = <Result status="error" title="订单不存在" />;
  else if (!order.data.actions.includes('request_after_sale'))
    body = <Result status="info" title="该订单暂不能申请售后" description="已发货或已完成的订单可申请售后" />;
  else body = <AfterSaleForm order={order.data} />;
  return <Screen title="申请售后">{body}</Screen>;
}

function AfterSaleForm({ order }: { order: OrderDetailView }) {
  const navigate = useNavigate();
  const request = useRequestAfterSale(order.id);
  const form = useFormErrors(['kind', 'reason', 'lines', 'photo_ids']);
  const [kind, setKind] = useState<'return' | 'after_sale'>('return');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    form.clear();
    const lines = requestedLines(order.lines, quantities);
    if (!lines.length) return form.set('lines', '请选择商品并填写申请数量');
    try {
      const created = await request.mutateAsync({
        kind,
        reason: reason.trim(),
        lines,
        photo_ids: photos.map((p) => p.id),
      });
      toast('申请已提交，请等待审核');
      navigate(`/after-sales/${created.id}`, { replace: true });
    } catch (error) {
      form.fail(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <List header={`订单号 ${order.order_no}`}>
        <Field label="售后类型" name="kind" error={form.errors.kind}>
          <ChipGroup label="售后类型" options={kinds} value={[kind]} onChange={([k]) => setKind(k)} />
        </Field>
      </List>
      <List header="申请商品" data-testid="after-sale-lines">
        {order.lines.map((line) => (
          <List.Item
            key={line.id}
            description={`${line.spec} · 实付 ${yuan(line.payable)} · 购买 ${line.quantity}${line.unit}`}
            extra={
              <QuantityStepper
                value={quantities[line.id] ?? 0}
                min={0}
                max={line.quantity}
                step={1}
                label={`${line.name}申请数量`}
                onChange={(q) => {
                  setQuantities((current) => ({
                    ...current,
                    [line.id]: Math.max(0, Math.min(q, line.quantity)),
                  }));
                  form.set('lines', '');
                }}
              />
            }
          >
            {line.kind === 'goods' ? '' : `[${line.kind_label}] `}
            {line.name}
          </List.Item>
        ))}
        {form.errors.lines ? (
          <p className="m-field-error m-pad" role="alert">
            {form.errors.lines}
          </p>
        ) : null}
      </List>
      <List>
        <Field label="申请原因" name="reason" error={form.errors.reason}>
          <TextArea
            placeholder="请描述问题（至少2个字）"
            maxLength={500}
            rows={3}
            showCount
            value={reason}
            onChange={setReason}
            aria-label="申请原因"
          />
        </Field>
        <Field label={`凭证照片（最多${MAX_PHOTOS}张）`} name="photo_ids" error={form.errors.photo_ids}>
          <PhotoInput
            label="凭证照片"
            value={photos}
            onChange={setPhotos}
            max={MAX_PHOTOS}
            upload={uploadPhoto}
            onBusy={setUploading}
            testId="after-sale-photos"
          />
        </Field>
      </List>
      <p className="m-pad m-goods__meta">退款金额以平台审核为准，审核通过后原路退回。</p>
      <FormMessage text={form.message} />
      <div className="m-pad">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={request.isPending}
          disabled={uploading}
        >
          提交申请
        </Button>
      </div>
    </form>
  );
}
