import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminCashBackView } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Space, Switch, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors';
import { useSaveSpecial, useSpecials } from '../api/specials';
import { CoverageFields } from '../components/CoverageFields';
import { PhaseTag, StatusActions } from '../components/StatusActions';

interface Values {
  name: string;
  starts_on: Dayjs;
  ends_on: Dayjs;
  repeat: boolean;
  tiers: { threshold: number; amount: number }[];
  coverage: { goods_ids?: number[]; category_ids?: number[]; brand_ids?: number[] };
}

/** 满额返现 (满返, promotions:write): tiers on the covered goods' paid amount, credited on receipt. */
export default function CashBackActivitiesPage() {
  const { message } = useFeedback();
  const { data, isFetching } = useSpecials('cash_back');
  const save = useSaveSpecial('cash_back');
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<AdminCashBackView | 'new' | null>(null);

  const open = (a: AdminCashBackView | 'new') => {
    form.resetFields();
    if (a !== 'new')
      form.setFieldsValue({
        name: a.name,
        starts_on: dayjs(a.starts_on),
        ends_on: dayjs(a.ends_on),
        repeat: a.repeat,
        tiers: a.tiers,
        coverage: a.coverage,
      });
    setEditing(a);
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
          repeat: v.repeat,
          tiers: v.tiers ?? [],
          coverage: {
            goods_ids: v.coverage?.goods_ids ?? [],
            category_ids: v.coverage?.category_ids ?? [],
            brand_ids: v.coverage?.brand_ids ?? [],
          },
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
      title="满额返现"
      data-testid="admin-cash-back"
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新建满额返现
        </Button>
      }
    >
      <Table<AdminCashBackView>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          {
            title: '活动',
            render: (_, a) => (
              <>
                <strong>{a.name}</strong> <PhaseTag phase={a.phase} name={a.phase_name} />
                <div style={{ color: '#666' }}>
                  {a.starts_on} 至 {a.ends_on}
                </div>
              </>
            ),
          },
          {
            title: '档位',
            render: (_, a) =>
              a.tiers.map((t) => (
                <div key={t.threshold}>
                  {a.repeat ? '每' : ''}满{t.threshold}返{t.amount}
                </div>
              )),
          },
          {
            title: '返现（单数 / 已返 / 已扣回）',
            width: 200,
            render: (_, a) =>
              `${a.credits.orders} / ¥${a.credits.credited.toFixed(2)} / ¥${a.credits.reversed.toFixed(2)}`,
          },
          {
            title: '操作',
            width: 170,
            render: (_, a) => (
              <Space size={4}>
                {a.status !== 'ended' && (
                  <Button type="link" size="small" onClick={() => open(a)}>
                    编辑
                  </Button>
                )}
                <StatusActions kind="cash_back" id={a.id} status={a.status} />
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        width={760}
        title={editing === 'new' ? '新建满额返现' : '编辑满额返现'}
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
          initialValues={{
            repeat: false,
            starts_on: dayjs(),
            ends_on: dayjs().add(30, 'day'),
            tiers: [{ threshold: 500, amount: 10 }],
          }}
        >
          <Space wrap align="start">
            <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请填写活动名称' }]}>
              <Input maxLength={30} style={{ width: 220 }} />
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
            <Form.Item name="repeat" label="每满即返（上不封顶）" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.List name="tiers">
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="start">
                    <Form.Item
                      name={[field.name, 'threshold']}
                      label="实付满（元）"
                      rules={[{ required: true, message: '请填写满额' }]}
                    >
                      <InputNumber min={0.01} precision={2} aria-label="满额" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'amount']}
                      label="返现（元）"
                      rules={[{ required: true, message: '请填写返现金额' }]}
                    >
                      <InputNumber min={0.01} precision={2} aria-label="返现金额" />
                    </Form.Item>
                    <Button
                      type="text"
                      aria-label="移除档位"
                      icon={<MinusCircleOutlined />}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Space>
                ))}
                <Form.ErrorList errors={errors} />
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                  添加档位
                </Button>
              </>
            )}
          </Form.List>
          <CoverageFields />
        </Form>
      </Modal>
    </Card>
  );
}
