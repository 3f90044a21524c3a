import { type CheckoutPreview, type ShippingPaper, shippingPapers } from '@yaocai/domain';
import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Space } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { CartSteps } from '../../../components/CartSteps';
import { LightRadioGroup, LightTextArea } from '../../../components/FieldControls';
import { LightCheckbox } from '../../../components/LightCheckbox';
import { LightField } from '../../../components/LightField';
import { LightNumberInput } from '../../../components/LightNumberInput';
import { Outcome } from '../../../components/Outcome';
import { PageLoading } from '../../../components/PageLoading';
import { unshippedOrdersNote } from '../../../lib/money-text';
import { useAvailableCoupons } from '../api/coupons';
import { useCreateOrder, usePreview } from '../api/orders';
import { AddressPicker } from '../components/AddressPicker';
import { Amounts, yuan } from '../components/Amounts';
import { CheckoutLines } from '../components/CheckoutLines';
import { CouponSplit } from '../components/CouponSplit';

/** The invoice choices at checkout: none, or one of the two kinds. */
const invoiceChoices = [
  { value: 0, label: '不开发票' },
  { value: 1, label: '普通发票' },
  { value: 2, label: '增值税专用发票' },
];
/** The fields of 发票与优惠: labels 100 px wide beside their controls, as before. */
const grid = { labelWidth: 100 };

interface InvoiceFields {
  type: number;
  title: string;
  tax_no: string;
}

/**
 * The invoice as the buyer picks its type: an empty title starts as the company's name, an empty
 * tax number (增值税专用发票) as its business licence's credit code; what the buyer typed stays.
 */
function withDefaults(invoice: InvoiceFields, p: CheckoutPreview): InvoiceFields {
  const known = p.invoice_defaults;
  return {
    ...invoice,
    title: invoice.title || (invoice.type > 0 ? known.title : ''),
    tax_no: invoice.tax_no || (invoice.type === 2 ? known.tax_no : ''),
  };
}

/**
 * /cart/step2 — verify order: address, lines by warehouse, invoice, coupon, points, papers, remarks.
 * The route guard opens it only with the cart's chosen lines (?ids=).
 */
export default function Step2Page() {
  const [params] = useSearchParams();
  const ids = useMemo(
    () =>
      (params.get('ids') ?? '')
        .split(',')
        .map(Number)
        .filter((n) => n > 0),
    [params],
  );
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [addressId, setAddressId] = useState<number>();
  const [couponId, setCouponId] = useState<number>();
  const [points, setPoints] = useState(0);
  const [remarks, setRemarks] = useState('');
  const [invoice, setInvoice] = useState<InvoiceFields>({ type: 0, title: '', tax_no: '' });
  const [papers, setPapers] = useState<ShippingPaper[]>([]);
  const create = useCreateOrder();
  // One key per visit: a double click or a retried request returns the same order.
  const idempotencyKey = useRef(`web-${crypto.randomUUID()}`);
  const preview = usePreview({ ids, coupon_id: couponId, points: points || undefined });
  const coupons = useAvailableCoupons(ids);

  if (preview.isError && !preview.data)
    return (
      <Outcome
        status="error"
        title={(preview.error as Error).message}
        extra={<Button onClick={() => navigate('/cart')}>返回购物车</Button>}
      />
    );
  if (!preview.data) return <PageLoading />;
  const p = preview.data;
  // The figures on screen are those of the previous choice until the new one is priced: the
  // summary says it is busy and the order waits for them.
  const pricing = preview.isPlaceholderData;
  // Paid orders waiting to ship count towards free shipping: said beside the gap, or beside 包邮.
  const counted = p.free_shipping_threshold > 0 ? unshippedOrdersNote(p.no_trans_order_amount) : '';

  const submit = async () => {
    try {
      const { id } = await create.mutateAsync({
        body: {
          ids,
          address_id: addressId,
          coupon_id: couponId,
          points: points || undefined,
          remarks: remarks || undefined,
          invoice: invoice.type > 0 ? invoice : undefined,
          papers: papers.length ? papers : undefined,
        },
        idempotencyKey: idempotencyKey.current,
      });
      navigate(`/cart/step3/${id}`);
    } catch (error) {
      // A refusal (422 of the invoice, 459, stock...) was shown by the http client.
      const text = unreportedMessage(error, '提交订单失败，请稍候再试');
      if (text) message.error(text);
    }
  };

  return (
    <div style={{ padding: '16px 0' }} className="sh-container" data-testid="step2">
      <CartSteps current={2} />
      <AddressPicker value={addressId} onChange={setAddressId} />
      {p.ephedrine && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message="订单含麻黄碱类复方制剂：付款后需上传签收回执，审核通过后发货。"
        />
      )}
      <CheckoutLines groups={p.groups} />
      <Card size="small" title="发票与优惠" style={{ marginTop: 12 }}>
        {/* Plain fields: nothing here is checked before the order is sent (the server answers). */}
        <LightField {...grid} label="发票类型">
          <LightRadioGroup
            label="发票类型"
            name="step2-invoice-type"
            options={invoiceChoices}
            value={invoice.type}
            onChange={(type) => setInvoice(withDefaults({ ...invoice, type }, p))}
          />
        </LightField>
        {invoice.type > 0 && (
          <Space>
            <LightField {...grid} label="发票抬头" id="step2-invoice-title">
              {(control) => (
                <input
                  {...control}
                  className="yc-control"
                  aria-label="发票抬头"
                  value={invoice.title}
                  onChange={(e) => setInvoice({ ...invoice, title: e.target.value })}
                  style={{ width: 260 }}
                />
              )}
            </LightField>
            {invoice.type === 2 && (
              <LightField {...grid} label="纳税人识别号" id="step2-invoice-tax-no">
                {(control) => (
                  <input
                    {...control}
                    className="yc-control"
                    aria-label="纳税人识别号"
                    value={invoice.tax_no}
                    onChange={(e) => setInvoice({ ...invoice, tax_no: e.target.value.toUpperCase() })}
                    style={{ width: 220 }}
                  />
                )}
              </LightField>
            )}
          </Space>
        )}
        <LightField {...grid} label="优惠券" id="step2-coupon">
          {(control) => (
            // A native select in antd's look: antd's Select would bring rc-select and its popups to
            // every checkout for a few coupons; its first option is the placeholder and the clear.
            <select
              {...control}
              className={`yc-control yc-select${couponId ? '' : ' yc-select-empty'}`}
              aria-label="优惠券"
              value={couponId ?? ''}
              onChange={(e) => setCouponId(e.target.value ? Number(e.target.value) : undefined)}
              style={{ width: 360 }}
              data-testid="coupon-select"
            >
              <option value="">不使用优惠券</option>
              {(coupons.data?.list ?? []).map((c) => (
                <option key={c.id} value={c.id} disabled={!c.applicable}>
                  {c.applicable ? `${c.name}（省${yuan(c.discount ?? 0)}）` : `${c.name}（${c.reason}）`}
                </option>
              ))}
            </select>
          )}
        </LightField>
        <LightField {...grid} label="积分抵扣" id="step2-points">
          {(control) => (
            <>
              <LightNumberInput
                {...control}
                aria-label="积分抵扣"
                min={0}
                max={p.max_points}
                value={points}
                onChange={(v) => setPoints(v ?? 0)}
              />
              <span style={{ marginLeft: 8, color: '#707070' }}>
                可用积分 {p.points_balance}，本单最多可用 {p.max_points}（{p.points_per_yuan}积分抵 ¥1）
              </span>
            </>
          )}
        </LightField>
        <LightField {...grid} label="随货资料" extra="勾选的资料加盖公章后随货寄出">
          {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would change the row's layout */}
          <div role="group" aria-label="随货资料" className="yc-check-group" data-testid="step2-papers">
            {shippingPapers.map((k) => (
              <LightCheckbox
                key={k.code}
                checked={papers.includes(k.code)}
                onChange={(on) =>
                  setPapers(
                    shippingPapers.map((x) => x.code).filter((c) => (c === k.code ? on : papers.includes(c))),
                  )
                }
              >
                {k.name}
              </LightCheckbox>
            ))}
          </div>
        </LightField>
        <LightField {...grid} label="订单备注" id="step2-remarks">
          {(control) => (
            <LightTextArea
              {...control}
              aria-label="订单备注"
              maxLength={200}
              value={remarks}
              onChange={(e) => setRemarks(e.target.value)}
              rows={2}
            />
          )}
        </LightField>
      </Card>
      <Card
        size="small"
        style={{ marginTop: 12, opacity: pricing ? 0.6 : 1 }}
        aria-busy={pricing}
        data-testid="step2-summary"
      >
        {p.free_shipping_gap > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            data-testid="step2-free-shipping"
            message={`满${yuan(p.free_shipping_threshold)}包邮，还差${yuan(p.free_shipping_gap)}${counted}`}
          />
        )}
        <CouponSplit split={p.coupon_split} stacking={p.stacking} />
        <Amounts
          goods={p.amounts.goods}
          reductions={p.reductions}
          shipping={p.amounts.shipping}
          shippingNote={p.free_shipping_gap > 0 ? undefined : counted}
          total={p.amounts.total}
        />
        <div style={{ textAlign: 'right', marginTop: 12 }}>
          <Button onClick={() => navigate('/cart')}>返回购物车</Button>{' '}
          <Button
            type="primary"
            size="large"
            danger
            loading={create.isPending}
            disabled={pricing}
            onClick={submit}
            data-testid="submit-order"
          >
            提交订单
          </Button>
        </div>
      </Card>
    </div>
  );
}
