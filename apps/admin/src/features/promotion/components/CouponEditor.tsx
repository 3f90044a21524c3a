import { type AdminCouponView, couponKindLabels, couponKinds } from '@yaocai/domain';
import { Checkbox, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useSaveCoupon, useScopeOptions } from '../api/coupons';
import { usePromotionOptions } from '../api/promotion';
import { CouponScopeFields } from './CouponScopeFields';
import { type Editor, EditorModal, useEditor } from './EditorModal';

interface CouponValues {
  name: string;
  kind: (typeof couponKinds)[number];
  threshold?: number;
  amount?: number;
  rate_percent?: number;
  max_discount?: number;
  scope: { all: boolean; goods_ids: number[]; category_ids: number[]; brand_ids: number[] };
  exclude_special: boolean;
  validity: 'fixed' | 'days';
  valid_from?: string;
  valid_to?: string;
  valid_days?: number;
  total_quota?: number | null;
  per_store_limit: number;
  claim_from?: string;
  claim_to?: string;
  in_centre: boolean;
  new_buyer: boolean;
}

/** The coupon editor, with the form's mapping to and from the API's coupon template. */
export const useCouponEditor = () =>
  useEditor<AdminCouponView, CouponValues>({
    save: useSaveCoupon(),
    // A new coupon is a draft: stores see it only once published.
    createdMessage: '已保存为草稿，发布后门店才能领取',
    toValues: (c) => ({
      ...c,
      rate_percent: c.rate_percent ?? undefined,
      valid_from: c.valid_from ?? undefined,
      valid_to: c.valid_to ?? undefined,
      valid_days: c.valid_days ?? undefined,
      claim_from: c.claim_from ?? undefined,
      claim_to: c.claim_to ?? undefined,
    }),
    toBody: (v) => v,
  });

/** 新建优惠券 / 编辑优惠券: kind and amounts, scope, validity, quota and limits, where it shows. */
export function CouponEditor({ editor }: { editor: Editor<AdminCouponView, CouponValues> }) {
  const kind = Form.useWatch('kind', editor.form);
  const validity = Form.useWatch('validity', editor.form);
  const options = useScopeOptions();
  const [word, setWord] = useState('');
  const goods = usePromotionOptions(word);
  return (
    <EditorModal
      editor={editor}
      noun="优惠券"
      width={760}
      initialValues={{
        kind: 'amount_off',
        scope: { all: true, goods_ids: [], category_ids: [], brand_ids: [] },
        exclude_special: false,
        validity: 'days',
        valid_days: 7,
        per_store_limit: 1,
        in_centre: true,
        new_buyer: false,
      }}
    >
      <Space wrap align="start">
        <Form.Item name="name" label="券名称" rules={[{ required: true, message: '请填写券名称' }]}>
          <Input maxLength={30} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Select
            style={{ width: 120 }}
            options={couponKinds.map((k) => ({ value: k, label: couponKindLabels[k] }))}
          />
        </Form.Item>
        <Form.Item name="threshold" label="使用门槛（元）" extra="0 为无门槛">
          <InputNumber min={0} precision={2} style={{ width: 130 }} />
        </Form.Item>
        {kind === 'discount' ? (
          <>
            <Form.Item name="rate_percent" label="折扣（9折填90）">
              <InputNumber min={1} max={99} precision={0} style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="max_discount" label="最高优惠（元）">
              <InputNumber min={0} precision={2} style={{ width: 130 }} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="amount" label="面额（元）">
            <InputNumber min={0} precision={2} style={{ width: 130 }} />
          </Form.Item>
        )}
      </Space>
      <CouponScopeFields
        categories={options.data?.categories ?? []}
        brands={options.data?.brands ?? []}
        goods={goods.data?.goods ?? []}
        onSearchGoods={setWord}
      />
      <Form.Item name="exclude_special" valuePropName="checked">
        <Checkbox>特价商品不参与</Checkbox>
      </Form.Item>
      <Form.Item name="validity" label="有效期">
        <Radio.Group
          options={[
            { value: 'days', label: '领取后N天内有效' },
            { value: 'fixed', label: '固定日期' },
          ]}
        />
      </Form.Item>
      {validity === 'fixed' ? (
        <Space>
          <Form.Item name="valid_from" label="生效日期">
            <Input type="date" />
          </Form.Item>
          <Form.Item name="valid_to" label="失效日期">
            <Input type="date" />
          </Form.Item>
        </Space>
      ) : (
        <Form.Item name="valid_days" label="领取后有效天数">
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
      )}
      <Space wrap>
        <Form.Item name="total_quota" label="发放总量" extra="留空为不限">
          <InputNumber min={1} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="per_store_limit" label="每店限领">
          <InputNumber min={1} max={100} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="claim_from" label="领取开始日期">
          <Input type="date" />
        </Form.Item>
        <Form.Item name="claim_to" label="领取结束日期">
          <Input type="date" />
        </Form.Item>
      </Space>
      <Space>
        <Form.Item name="in_centre" valuePropName="checked">
          <Checkbox>在领券中心展示</Checkbox>
        </Form.Item>
        <Form.Item name="new_buyer" valuePropName="checked">
          <Checkbox>新人礼包（企业审核通过时发放）</Checkbox>
        </Form.Item>
      </Space>
    </EditorModal>
  );
}
