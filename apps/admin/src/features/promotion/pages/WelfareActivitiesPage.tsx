import type { AdminWelfareView } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors';
import { useSaveSpecial, useSpecials } from '../api/specials';
import { CoverageFields } from '../components/CoverageFields';
import { PhaseTag, StatusActions } from '../components/StatusActions';

interface Values {
  name: string;
  rate_percent: number;
  starts_on: Dayjs;
  ends_on: Dayjs;
  coverage: { goods_ids?: number[]; category_ids?: number[]; brand_ids?: number[] };
}

const coverageText = (c: AdminWelfareView['coverage']) =>
  [
    c.goods_ids.length && `${c.goods_ids.length}个商品`,
    c.category_ids.length && `${c.category_ids.length}个分类`,
    c.brand_ids.length && `${c.brand_ids.length}个品牌`,
  ]
    .filter(Boolean)
    .join('、');

/** 福利折扣 (全场94折, promotions:write): a discount on the goods its coverage names. */
export default function WelfareActivitiesPage() {
  const { message } = useFeedback();
  const { data, isFetching } = useSpecials('welfare');
  const save = useSaveSpecial('welfare');
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<AdminWelfareView | 'new' | null>(null);

  const open = (w: AdminWelfareView | 'new') => {
    form.resetFields();
    if (w !== 'new')
      form.setFieldsValue({
        name: w.name,
        rate_percent: w.rate_percent,
        starts_on: dayjs(w.starts_on),
        ends_on: dayjs(w.ends_on),
        coverage: w.coverage,
      });
    setEditing(w);
  };
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        id: editing === 'new' || editing === null ? null : editing.id,
        body: {
          name: v.name,
          rate_percent: v.rate_percent,
          starts_on: v.starts_on.format('YYYY-MM-DD'),
          ends_on: v.ends_on.format('YYYY-MM-DD'),
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
      title="福利折扣"
      data-testid="admin-welfare"
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新建福利折扣
        </Button>
      }
    >
      <Table<AdminWelfareView>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          {
            title: '活动',
            render: (_, w) => (
              <>
                <strong>{w.name}</strong> <PhaseTag phase={w.phase} name={w.phase_name} />
                <div style={{ color: '#666' }}>
                  {w.starts_on} 至 {w.ends_on}
                </div>
              </>
            ),
          },
          { title: '折扣', width: 80, render: (_, w) => `${w.rate_percent / 10}折` },
          { title: '参与商品', render: (_, w) => coverageText(w.coverage) },
          {
            title: '销售（件 / 单 / 金额）',
            width: 170,
            render: (_, w) => `${w.sales.units} / ${w.sales.orders} / ¥${w.sales.amount.toFixed(2)}`,
          },
          {
            title: '操作',
            width: 170,
            render: (_, w) => (
              <Space size={4}>
                {w.status !== 'ended' && (
                  <Button type="link" size="small" onClick={() => open(w)}>
                    编辑
                  </Button>
                )}
                <StatusActions kind="welfare" id={w.id} status={w.status} />
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        width={760}
        title={editing === 'new' ? '新建福利折扣' : '编辑福利折扣'}
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
          initialValues={{ rate_percent: 94, starts_on: dayjs(), ends_on: dayjs().add(30, 'day') }}
        >
          <Space wrap align="start">
            <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请填写活动名称' }]}>
              <Input maxLength={30} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item
              name="rate_percent"
              label="折扣（94 即 94折）"
              rules={[{ required: true, message: '请填写折扣' }]}
            >
              <InputNumber min={1} max={99} precision={0} />
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
          <CoverageFields />
        </Form>
      </Modal>
    </Card>
  );
}
