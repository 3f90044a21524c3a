import type { AdminCashBackView, AdminDailySpecialView, AdminWelfareView, SpecialKind } from '@yaocai/domain';
import { Button, DatePicker, Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { beijingTodayPickerValue } from '../../../lib/beijing-picker';
import { useSaveSpecial, useSpecials } from '../api/specials';
import { EditorModal, type FormValues, useEditor } from './EditorModal';
import { PromotionList } from './PromotionList';
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
  const { data, isFetching } = useSpecials(kind);
  const editor = useEditor<Views[K], V>({
    save: useSaveSpecial(kind),
    toValues: (r) =>
      ({
        name: r.name,
        starts_on: dayjs(r.starts_on),
        ends_on: dayjs(r.ends_on),
        ...props.toValues(r),
      }) as FormValues<V>,
    toBody: (v) => ({
      name: v.name,
      starts_on: v.starts_on.format('YYYY-MM-DD'),
      ends_on: v.ends_on.format('YYYY-MM-DD'),
      ...props.toBody(v),
    }),
  });
  const row = editor.editing !== 'new' ? (editor.editing ?? undefined) : undefined;

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
            <Button type="link" size="small" onClick={() => editor.open(r)}>
              编辑
            </Button>
          )}
          <StatusActions kind={kind} id={r.id} status={r.status} />
        </Space>
      ),
    },
  ];

  return (
    <PromotionList<Views[K]>
      title={noun}
      testId={props.testId}
      newLabel={`新建${noun}`}
      newTestId={props.newTestId}
      onNew={() => editor.open('new')}
      rows={data as Views[K][] | undefined}
      loading={isFetching}
      columns={columns}
    >
      <EditorModal
        editor={editor}
        noun={noun}
        width={props.modalWidth ?? 760}
        initialValues={
          {
            starts_on: beijingTodayPickerValue(),
            ends_on: beijingTodayPickerValue().add(props.days, 'day'),
            ...props.initialValues,
          } as FormValues<V>
        }
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
          <Form.Item name="ends_on" label="结束日期" rules={[{ required: true, message: '请选择结束日期' }]}>
            <DatePicker />
          </Form.Item>
        </Space>
        {props.fields(row)}
      </EditorModal>
    </PromotionList>
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
