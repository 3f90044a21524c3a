import { Button, Form, InputNumber, Radio, Space } from 'antd';

/** Ladder prices: the type and up to ten tiers of quantity and unit price (yuan). */
export function LadderFields() {
  return (
    <>
      <Form.Item name="ladder_type" label="阶梯价类型">
        <Radio.Group
          options={[
            { value: 0, label: '满数量（满10件单价¥x）' },
            { value: 1, label: '数量上限（1-10件单价¥x）' },
          ]}
        />
      </Form.Item>
      <Form.List name="ladder">
        {(fields, { add, remove }) => (
          <Form.Item label="阶梯价">
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline" data-testid={`admin-goods-ladder-${index}`}>
                <Form.Item
                  name={[field.name, 'quantity']}
                  rules={[{ required: true, message: '请填写数量' }]}
                >
                  <InputNumber
                    min={1}
                    precision={0}
                    addonBefore={`第${index + 1}档数量`}
                    aria-label={`第${index + 1}档数量`}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'price']} rules={[{ required: true, message: '请填写单价' }]}>
                  <InputNumber
                    min={0.01}
                    precision={2}
                    addonBefore="单价¥"
                    aria-label={`第${index + 1}档单价`}
                  />
                </Form.Item>
                <Button type="link" danger onClick={() => remove(field.name)}>
                  删除
                </Button>
              </Space>
            ))}
            {fields.length < 10 && (
              <Button onClick={() => add()} data-testid="admin-goods-ladder-add">
                添加一档
              </Button>
            )}
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}
