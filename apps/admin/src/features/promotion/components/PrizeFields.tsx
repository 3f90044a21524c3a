import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { prizeKinds } from '@yaocai/domain';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { usePromotionOptions } from '../api/promotion';

/** One prize row as the lottery form holds it. */
export interface PrizeValues {
  id?: number;
  name: string;
  remarks?: string;
  kind: string;
  amount?: number;
  coupon_id?: number;
  goods_id?: number;
  weight: number;
  stock?: number | null;
}

/** The prize rows of the lottery form: kind, what it gives, weight and stock. */
export function PrizeFields() {
  const [word, setWord] = useState('');
  const options = usePromotionOptions(word);
  const form = Form.useFormInstance<{ prizes?: PrizeValues[] }>();
  const prizes = Form.useWatch('prizes', form) ?? [];
  const totalWeight = prizes.reduce((s, p) => s + (Number(p?.weight) || 0), 0);
  return (
    <Form.List name="prizes">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => {
            const kind = prizes[field.name]?.kind;
            const weight = Number(prizes[field.name]?.weight) || 0;
            return (
              <Card key={field.key} size="small" style={{ marginBottom: 8 }} data-testid="admin-prize-row">
                <Space wrap align="start">
                  <Form.Item
                    name={[field.name, 'name']}
                    label="奖品名称"
                    rules={[{ required: true, message: '请填写奖品名称' }]}
                  >
                    <Input maxLength={30} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'remarks']} label="说明">
                    <Input maxLength={60} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'kind']}
                    label="类型"
                    rules={[{ required: true, message: '请选择奖品类型' }]}
                  >
                    <Select
                      style={{ width: 110 }}
                      options={prizeKinds.map((k) => ({ value: k.code, label: k.name }))}
                    />
                  </Form.Item>
                  {kind === 'points' && (
                    <Form.Item
                      name={[field.name, 'amount']}
                      label="积分"
                      rules={[{ required: true, message: '请填写积分数' }]}
                    >
                      <InputNumber min={1} precision={0} style={{ width: 100 }} />
                    </Form.Item>
                  )}
                  {kind === 'wallet' && (
                    <Form.Item
                      name={[field.name, 'amount']}
                      label="金额（分）"
                      rules={[{ required: true, message: '请填写金额（分）' }]}
                    >
                      <InputNumber min={1} precision={0} style={{ width: 110 }} />
                    </Form.Item>
                  )}
                  {kind === 'coupon' && (
                    <Form.Item
                      name={[field.name, 'coupon_id']}
                      label="优惠券"
                      rules={[{ required: true, message: '请选择优惠券' }]}
                    >
                      <Select
                        style={{ width: 180 }}
                        options={(options.data?.coupons ?? []).map((c) => ({ value: c.id, label: c.name }))}
                      />
                    </Form.Item>
                  )}
                  {kind === 'goods' && (
                    <Form.Item
                      name={[field.name, 'goods_id']}
                      label="商品"
                      rules={[{ required: true, message: '请选择商品' }]}
                    >
                      <Select
                        showSearch
                        filterOption={false}
                        onSearch={setWord}
                        style={{ width: 200 }}
                        placeholder="搜索在售商品"
                        options={(options.data?.goods ?? []).map((g) => ({
                          value: g.id,
                          label: `${g.name} ${g.spec}`,
                        }))}
                      />
                    </Form.Item>
                  )}
                  <Form.Item
                    name={[field.name, 'weight']}
                    label="权重"
                    extra={
                      totalWeight > 0 ? `中奖率约 ${((weight / totalWeight) * 100).toFixed(1)}%` : undefined
                    }
                    rules={[{ required: true, message: '请填写中奖权重' }]}
                  >
                    <InputNumber min={0} precision={0} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'stock']} label="库存" extra="留空为不限">
                    <InputNumber min={0} precision={0} style={{ width: 90 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label="删除奖品"
                    onClick={() => remove(field.name)}
                  />
                </Space>
              </Card>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ kind: 'none', weight: 1, name: '谢谢参与' })}
          >
            添加奖品
          </Button>
        </>
      )}
    </Form.List>
  );
}
