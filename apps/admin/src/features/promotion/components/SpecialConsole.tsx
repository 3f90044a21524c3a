import type { AdminCashBackView, AdminDailySpecialView, AdminWelfareView, SpecialKind } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, DatePicker, Form, Input, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors';
import { useSaveSpecial, useSpecials } from '../api/specials';
import { PhaseTag, StatusActions } from './StatusActions';

// The one screen of the day-ranged activities (每日特价, 福利折扣, 满额返现): the list with the
// activity, its own columns and its actions, and the editor with name, date range and the
// kind's own fields. Each page says only what differs.

interface Views {
  daily_special: AdminDailySpecialView;
  welfare: AdminWelfareView;
  cash_back: AdminCashBackView;
}

/** What every kind's form holds; the page adds its own fields. */
export interface DayRangeValues {
  name: string;
  starts_on: Dayjs;
  ends_on: Dayjs;
}

interface Props<K extends SpecialKind, V extends DayRangeValues> {
  kind: K;
  /** 每日特价, 福利折扣, 满额返现 */
  noun: string;
  testId: string;
  newTestId?: string;
  nameTestId?: string;
  /** The list's columns between the activity and its actions. */
  columns: ColumnsType<Views[K]>;
  /** The activity cell's date line (每天 ... 至 ... for daily specials). */
  dates?: (row: Views[K]) => ReactNode;
  /** The form's values from a saved activity, beyond name and dates. */
  toValues: (row: Views[K]) => Omit<V, keyof DayRangeValues>;
  /** The request body's fields beyond name and dates. */
  toBody: (values: V) => object;
  /** Starting values of a new activity, beyond name; its dates run `days` from today. */
  initialValues: Partial<Omit<V, keyof DayRangeValues>>;
  days: number;
  modalWidth?: number;
  /** The kind's own fields, given the row being edited (undefined for a new one). */
  fields: (editing: Views[K] | undefined) => ReactNode;
}

export function SpecialConsole<K extends SpecialKind, V extends DayRangeValues>(props: Props<K, V>) {
  const { kind, noun } = props;
  const { message } = useFeedback();
  const { data, isFetching } = useSpecials(kind);
  const save = useSaveSpecial(kind);
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<Views[K] | 'new' | null>(null);
  const row = editing && editing !== 'new' ? editing : undefined;

  const open = (r: Views[K] | 'new') => {
    form.resetFields();
    if (r !== 'new')
      form.setFieldsValue({
        name: r.name,
        starts_on: dayjs(r.starts_on),
        ends_on: dayjs(r.ends_on),
        ...props.toValues(r),
      } as Parameters<typeof form.setFieldsValue>[0]);
    setEditing(r);
  };
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        id: row?.id ?? null,
        body: {
          name: v.name,
          starts_on: v.starts_on.format('YYYY-MM-DD'),
          ends_on: v.ends_on.format('YYYY-MM-DD'),
          ...props.toBody(v),
        },
      });
      message.success('已保存');
      setEditing(null);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const columns: ColumnsType<Views[K]> = [
    {
      title: '活动',
      render: (_, r) => (
        <>
          <strong>{r.name}</strong> <PhaseTag phase={r.phase} name={r.phase_name} />
          <div style={{ color: '#595959' }}>
            {props.dates ? (
              props.dates(r)
            ) : (
              <>
                {r.starts_on} 至 {r.ends_on}
              </>
            )}
          </div>
        </>
      ),
    },
    ...props.columns,
    {
      title: '操作',
      width: 170,
      render: (_, r) => (
        <Space size={4}>
          {r.status !== 'ended' && (
            <Button type="link" size="small" onClick={() => open(r)}>
              编辑
            </Button>
          )}
          <StatusActions kind={kind} id={r.id} status={r.status} />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={noun}
      data-testid={props.testId}
      extra={
        <Button type="primary" onClick={() => open('new')} data-testid={props.newTestId}>
          新建{noun}
        </Button>
      }
    >
      <Table<Views[K]>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={(data ?? []) as Views[K][]}
        pagination={false}
        columns={columns}
      />
      <Modal
        open={editing !== null}
        width={props.modalWidth ?? 760}
        title={`${editing === 'new' ? '新建' : '编辑'}${noun}`}
        okText="保存"
        onOk={submit}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form<V>
          form={form}
          layout="vertical"
          initialValues={{
            starts_on: dayjs(),
            ends_on: dayjs().add(props.days, 'day'),
            ...props.initialValues,
          }}
        >
          <Space wrap align="start">
            <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请填写活动名称' }]}>
              <Input maxLength={30} style={{ width: 220 }} data-testid={props.nameTestId} />
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
          {props.fields(row)}
        </Form>
      </Modal>
    </Card>
  );
}

/** The coverage part of a request body from the form's CoverageFields values. */
export const coverageBody = (
  c: { goods_ids?: number[]; category_ids?: number[]; brand_ids?: number[] } = {},
) => ({
  goods_ids: c.goods_ids ?? [],
  category_ids: c.category_ids ?? [],
  brand_ids: c.brand_ids ?? [],
});
