import type { CheckoutPreview } from '@yaocai/domain';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Radio from 'antd-mobile/es/components/radio';
import { QuantityStepper } from '../../components/QuantityStepper';
import { yuan } from '../../lib/format';
import { useAvailableCoupons } from './api/orders';

export interface InvoiceChoice {
  type: number;
  title: string;
  tax_no: string;
}

interface Props {
  preview: CheckoutPreview;
  ids: number[];
  couponId: number | undefined;
  onCoupon(id: number | undefined): void;
  points: number;
  onPoints(points: number): void;
  invoice: InvoiceChoice;
  onInvoice(invoice: InvoiceChoice): void;
}

const invoiceTypes = [
  { type: 0, label: '不开发票' },
  { type: 1, label: '普通发票' },
  { type: 2, label: '专用发票' },
];

/** Coupon, points and invoice of the order; each change is priced again by the server. */
export function CheckoutChoices({
  preview,
  ids,
  couponId,
  onCoupon,
  points,
  onPoints,
  invoice,
  onInvoice,
}: Props) {
  const coupons = useAvailableCoupons(ids);
  const usable = coupons.data?.list.filter((c) => c.applicable !== false) ?? [];
  const pickInvoice = (type: number) =>
    onInvoice({
      type,
      // An empty title starts as the company's name, an empty tax number as its credit code.
      title: invoice.title || (type > 0 ? preview.invoice_defaults.title : ''),
      tax_no: invoice.tax_no || (type === 2 ? preview.invoice_defaults.tax_no : ''),
    });
  return (
    <>
      <List header={`优惠券（${usable.length}张可用）`}>
        <Radio.Group value={couponId ?? 0} onChange={(value) => onCoupon(Number(value) || undefined)}>
          <List.Item extra={<Radio value={0} aria-label="不使用优惠券" />}>不使用优惠券</List.Item>
          {usable.map((c) => (
            <List.Item
              key={c.id}
              description={c.scope_text}
              extra={<Radio value={c.id} aria-label={c.name} />}
            >
              {c.name} {c.discount ? `-${yuan(c.discount)}` : ''}
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      {preview.max_points > 0 ? (
        <List header={`积分（可用 ${preview.points_balance}，${preview.points_per_yuan}积分抵1元）`}>
          <List.Item
            extra={
              <QuantityStepper
                min={0}
                max={preview.max_points}
                step={preview.points_per_yuan}
                value={points}
                onChange={(value) => onPoints(Math.min(preview.max_points, Math.max(0, value)))}
                label="使用积分"
              />
            }
            description={points ? `抵 ${yuan(preview.amounts.points)}` : `最多可用 ${preview.max_points}`}
          >
            使用积分
          </List.Item>
        </List>
      ) : null}
      <List header="发票">
        <Radio.Group value={invoice.type} onChange={(value) => pickInvoice(Number(value))}>
          <div className="m-radios">
            {invoiceTypes.map((t) => (
              <Radio key={t.type} value={t.type}>
                {t.label}
              </Radio>
            ))}
          </div>
        </Radio.Group>
        {invoice.type > 0 ? (
          <List.Item title="发票抬头">
            <Input
              value={invoice.title}
              onChange={(title) => onInvoice({ ...invoice, title })}
              maxLength={100}
            />
          </List.Item>
        ) : null}
        {invoice.type === 2 ? (
          <List.Item title="税号">
            <Input
              value={invoice.tax_no}
              onChange={(tax) => onInvoice({ ...invoice, tax_no: tax.toUpperCase() })}
              maxLength={20}
            />
          </List.Item>
        ) : null}
      </List>
    </>
  );
}
