import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Screen } from '../../components/Screen';
import { yuan } from '../../lib/format';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useAddresses, useCreateOrder, usePreview } from './api/orders';
import { CheckoutChoices, type InvoiceChoice } from './CheckoutChoices';
import { parseIds } from './ids';

/** 确认订单: address, lines, invoice, coupon, points and remarks; submits and goes to pay. */
export default function CheckoutPage() {
  const [search] = useSearchParams();
  const ids = useMemo(() => parseIds(search.get('ids')), [search]);
  const navigate = useNavigate();
  const [couponId, setCouponId] = useState<number>();
  const [points, setPoints] = useState(0);
  const [invoice, setInvoice] = useState<InvoiceChoice>({ type: 0, title: '', tax_no: '' });
  const [remarks, setRemarks] = useState('');
  const [addressId, setAddressId] = useState<number>();
  const preview = usePreview({ ids, coupon_id: couponId, points: points || undefined });
  const addresses = useAddresses();
  const create = useCreateOrder();
  const key = useRef(`h5-${crypto.randomUUID()}`);

  if (!ids.length)
    return (
      <Screen title="确认订单">
        <ErrorBlock status="empty" title="请先在购物车选择商品" />
      </Screen>
    );
  if (preview.isError && !preview.data)
    return (
      <Screen title="确认订单">
        <ErrorBlock status="default" title={(preview.error as Error).message} />
      </Screen>
    );
  if (!preview.data)
    return (
      <Screen title="确认订单">
        <DotLoading />
      </Screen>
    );
  const p = preview.data;
  const address =
    addresses.data?.find((a) => a.id === addressId) ??
    addresses.data?.find((a) => a.is_default) ??
    addresses.data?.[0];

  const submit = async () => {
    try {
      const { id } = await create.mutateAsync({
        key: key.current,
        body: {
          ids,
          address_id: address?.id,
          coupon_id: couponId,
          points: points || undefined,
          remarks: remarks || undefined,
          invoice: invoice.type > 0 ? invoice : undefined,
        },
      });
      navigate(`/pay/${id}`, { replace: true });
    } catch (error) {
      const text = unreportedMessage(error, '提交订单失败，请稍候再试');
      if (text) toast(text);
    }
  };

  const footer = (
    <div className="m-submitbar">
      <span>
        实付{' '}
        <b className="m-price" data-testid="checkout-total">
          {yuan(p.amounts.total)}
        </b>
      </span>
      <Button
        color="primary"
        loading={create.isPending}
        disabled={preview.isPlaceholderData}
        onClick={submit}
      >
        提交订单
      </Button>
    </div>
  );

  return (
    <Screen title="确认订单" footer={footer}>
      <List header="收货地址">
        {addresses.data?.length ? (
          addresses.data.map((a) => (
            <List.Item
              key={a.id}
              onClick={() => setAddressId(a.id)}
              description={a.full}
              extra={a.id === address?.id ? '✓' : ''}
              aria-selected={a.id === address?.id}
            >
              {a.consignee} {a.phone}
            </List.Item>
          ))
        ) : (
          <List.Item>{addresses.isPending ? '加载中…' : '暂无收货地址，请在电脑版添加'}</List.Item>
        )}
      </List>
      {p.ephedrine ? (
        <p className="m-warn m-pad">订单含麻黄碱类复方制剂：付款后需上传签收回执，审核通过后发货。</p>
      ) : null}
      {p.groups.map((group) => (
        <List key={group.warehouse_id} header={group.warehouse_name}>
          {group.lines.map((line) => (
            <List.Item
              key={line.cart_id}
              description={`${line.spec} · ${yuan(line.price)} × ${line.quantity}`}
              extra={yuan(line.payable)}
            >
              {line.name}
            </List.Item>
          ))}
        </List>
      ))}
      <CheckoutChoices
        preview={p}
        ids={ids}
        couponId={couponId}
        onCoupon={setCouponId}
        points={points}
        onPoints={setPoints}
        invoice={invoice}
        onInvoice={setInvoice}
      />
      <List header="备注">
        <List.Item>
          <Input placeholder="选填，给商家留言" value={remarks} onChange={setRemarks} maxLength={200} />
        </List.Item>
      </List>
      <List header="金额">
        <List.Item extra={yuan(p.amounts.goods)}>商品金额</List.Item>
        {p.reductions.map((r) => (
          <List.Item key={r.label} extra={`-${yuan(r.amount)}`}>
            {r.label}
          </List.Item>
        ))}
        <List.Item
          extra={yuan(p.amounts.shipping)}
          description={p.free_shipping_gap ? `再买 ${yuan(p.free_shipping_gap)} 包邮` : undefined}
        >
          运费
        </List.Item>
      </List>
    </Screen>
  );
}
