import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminDailySpecialView } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors';
import { useSaveSpecial, useSpecials } from '../api/specials';
import { GoodsSelect } from '../components/GoodsSelect';
import { PhaseTag, StatusActions } from '../components/StatusActions';

interface Values {
  name: string;
  starts_on: Dayjs;
  ends_on: Dayjs;
  items: { goods_id: number; price: number; daily_limit?: number | null; stock?: number | null }[];
}

/** 每日特价 (promotions:write): specials by Beijing day range, goods with price, limit and stock. */
export default function DailySpecialsPage() {
  const { message } = useFeedback();
  const { data, isFetching } = useSpecials('daily_special');
  const save = useSaveSpecial('daily_special');
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<AdminDailySpecialView | 'new' | null>(null);
  const known =
    editing && editing !== 'new' ? editing.items.map((i) => ({ id: i.goods_id, name: i.goods_name })) : [];

  const open = (s: AdminDailySpecialView | 'new') => {
    form.resetFields();
    if (s !== 'new')
      form.setFieldsValue({
        name: s.name,
        starts_on: dayjs(s.starts_on),
        ends_on: dayjs(s.ends_on),
        items: s.items.map((i) => ({
          goods_id: i.goods_id,
          price: i.price,
          daily_limit: i.daily_limit,
          stock: i.stock,
        })),
      });
    setEditing(s);
  };
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        id: editing === 'new' || editing === null ? null : editing.id,
        body: {
          name: v.name,
          starts_on: v.starts_on.format('YYYY-MM-DD'),
          ends_on: v.ends_on.format('YYYY-MM-DD'),
          items: v.items.map((i) => ({
            goods_id: i.goods_id,
            price: i.price,
            daily_limit: i.daily_limit ?? null,
            stock: i.stock ?? null,
          })),
        },
      });
      message.success('已保存');
      setEditing(null);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Card
      title="每日特价"
      data-testid="admin-daily-specials"
      extra={
        <Button type="primary" onClick={() => open('new')} data-testid="admin-daily-special-new">
          新建每日特价
        </Button>
      }
    >
      <Table<AdminDailySpecialView>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          {
            title: '活动',
            render: (_, s) => (
              <>
                <strong>{s.name}</strong> <PhaseTag phase={s.phase} name={s.phase_name} />
                <div style={{ color: '#666' }}>
                  每天 {s.starts_on} 至 {s.ends_on}
                </div>
              </>
            ),
          },
          {
            title: '特价商品（特价 / 原价 · 每店每日限购 · 特价库存 已售）',
            render: (_, s) =>
              s.items.map((i) => (
                <div key={i.goods_id}>
                  {i.goods_name}：¥{i.price.toFixed(2)} / ¥{i.base_price.toFixed(2)} ·{' '}
                  {i.daily_limit ?? '不限'} · {i.stock ?? '不限'} 已售{i.sold}
                </div>
              )),
          },
          {
            title: '销售（件 / 单 / 金额）',
            width: 170,
            render: (_, s) => `${s.sales.units} / ${s.sales.orders} / ¥${s.sales.amount.toFixed(2)}`,
          },
          {
            title: '操作',
            width: 170,
            render: (_, s) => (
              <Space size={4}>
                {s.status !== 'ended' && (
                  <Button type="link" size="small" onClick={() => open(s)}>
                    编辑
                  </Button>
                )}
                <StatusActions kind="daily_special" id={s.id} status={s.status} />
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        width={900}
        title={editing === 'new' ? '新建每日特价' : '编辑每日特价'}
        okText="保存"
        onOk={submit}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ starts_on: dayjs(), ends_on: dayjs().add(6, 'day'), items: [{}] }}
        >
          <Space wrap align="start">
            <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请填写活动名称' }]}>
              <Input maxLength={30} style={{ width: 220 }} data-testid="admin-daily-special-name" />
            </Form.Item>
            <Form.Item
              name="starts_on"
              label="开始日期"
              rules={[{ required: true, message: '请选择开始日期' }]}
            >
              <DatePicker />
            </Form.Item>
            <Form.Item
              name="ends_on"
              label="结束日期"
              rules={[{ required: true, message: '请选择结束日期' }]}
            >
              <DatePicker />
            </Form.Item>
          </Space>
          <Form.List name="items">
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="start" wrap>
                    <Form.Item
                      name={[field.name, 'goods_id']}
                      label="商品"
                      rules={[{ required: true, message: '请选择商品' }]}
                    >
                      <GoodsSelect known={known} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'price']}
                      label="特价（元）"
                      rules={[{ required: true, message: '请填写特价' }]}
                    >
                      <InputNumber min={0.01} precision={2} aria-label="特价" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'daily_limit']} label="每店每日限购">
                      <InputNumber min={1} precision={0} placeholder="不限" aria-label="每店每日限购" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'stock']} label="特价库存">
                      <InputNumber min={1} precision={0} placeholder="不限" aria-label="特价库存" />
                    </Form.Item>
                    <Button
                      type="text"
                      aria-label="移除商品"
                      icon={<MinusCircleOutlined />}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Space>
                ))}
                <Form.ErrorList errors={errors} />
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                  添加商品
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </Card>
  );
}
