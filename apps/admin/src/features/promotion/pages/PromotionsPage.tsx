import {
  type AdminPromotionView,
  beijingDateTimeText,
  type CoverageView,
  specialStatusNames,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { beijingNowPickerValue, beijingPickerValue, pickedBeijingSeconds } from '../../../lib/beijing-picker';
import { unreportedMessage } from '../../../lib/form-errors';
import { usePromotionKinds, usePromotionState, usePromotions, useSavePromotion } from '../api/promotions';
import {
  type Args,
  type ArgumentField,
  ArgumentFields,
  argumentDefaults,
  argumentsText,
} from '../components/ArgumentFields';
import { CoverageFields, coverageFormValues } from '../components/CoverageFields';
import { EditorModal, useEditor } from '../components/EditorModal';
import { PauseResumeEnd, PhaseTag, type StatusAction } from '../components/StatusActions';

interface Values {
  kind: string;
  name: string;
  window: [Dayjs, Dayjs];
  coverage: Record<string, unknown>;
  condition: Args;
  action: Args;
}

const coverageText = (c: CoverageView) =>
  c.all
    ? '全部商品'
    : [
        c.goods_ids.length && `${c.goods_ids.length}个商品`,
        c.category_ids.length && `${c.category_ids.length}个分类`,
        c.brand_ids.length && `${c.brand_ids.length}个品牌`,
        c.zones.length && `${c.zones.length}个专区`,
      ]
        .filter(Boolean)
        .join('、');

const noFields: readonly ArgumentField[] = [];

/**
 * 促销活动 (promotions:write): the promotions stored in the one shape, of every kind the rule
 * registry marks plain data (第二件半价 ...). The form's arguments are rendered from the kind's
 * editor description (/api/admin/promotion-kinds); no kind is named in this page.
 */
export default function PromotionsPage() {
  const { message } = useFeedback();
  const kinds = usePromotionKinds();
  const list = usePromotions();
  const state = usePromotionState();
  const [kindFilter, setKindFilter] = useState<string | undefined>();
  const [phaseFilter, setPhaseFilter] = useState<string | undefined>();
  const fieldsOf = (kind: string | undefined) => kinds.data?.find((k) => k.kind === kind)?.fields ?? noFields;

  const editor = useEditor<AdminPromotionView, Values>({
    save: useSavePromotion(),
    toValues: (p) => ({
      kind: p.kind,
      name: p.name,
      window: [beijingPickerValue(p.starts_at), beijingPickerValue(p.ends_at)],
      coverage: coverageFormValues(p.coverage),
      condition: p.condition as Args,
      action: p.action as Args,
    }),
    toBody: (v) => ({
      kind: v.kind,
      name: v.name,
      starts_at: pickedBeijingSeconds(v.window[0]),
      ends_at: pickedBeijingSeconds(v.window[1]),
      coverage: { all: false, ...v.coverage },
      condition: v.condition ?? {},
      action: v.action ?? {},
    }),
  });
  const kind = Form.useWatch('kind', editor.form);
  const first = kinds.data?.[0];

  const rows = useMemo(
    () =>
      (list.data ?? []).filter(
        (p) => (!kindFilter || p.kind === kindFilter) && (!phaseFilter || p.phase === phaseFilter),
      ),
    [list.data, kindFilter, phaseFilter],
  );

  const act = async (id: number, action: StatusAction) => {
    try {
      await state.mutateAsync({ id, action });
      message.success({ pause: '已暂停', resume: '已恢复', end: '已结束' }[action]);
    } catch (error) {
      const text = unreportedMessage(error, '操作失败');
      if (text) message.error(text);
    }
  };

  return (
    <Card
      title="促销活动"
      data-testid="admin-promotions"
      extra={
        <Space wrap>
          <Select
            allowClear
            placeholder="全部类型"
            aria-label="促销类型"
            data-testid="admin-promotions-kind-filter"
            style={{ width: 140 }}
            value={kindFilter}
            onChange={setKindFilter}
            options={(kinds.data ?? []).map((k) => ({ value: k.kind, label: k.label }))}
          />
          <Select
            allowClear
            placeholder="全部状态"
            aria-label="活动状态"
            data-testid="admin-promotions-status-filter"
            style={{ width: 120 }}
            value={phaseFilter}
            onChange={setPhaseFilter}
            options={Object.entries(specialStatusNames).map(([value, label]) => ({ value, label }))}
          />
          <Button
            type="primary"
            data-testid="admin-promotions-new"
            disabled={!first}
            onClick={() => editor.open('new')}
          >
            新建促销
          </Button>
        </Space>
      }
    >
      <Table<AdminPromotionView>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          {
            title: '活动',
            render: (_, p) => (
              <>
                <Tag color="magenta">{p.kind_label}</Tag>
                <strong>{p.name}</strong> <PhaseTag phase={p.phase} name={p.phase_name} />
                <div style={{ color: '#666' }}>
                  {beijingDateTimeText(p.starts_at)} 至 {beijingDateTimeText(p.ends_at)}
                </div>
                <div style={{ color: '#666' }}>范围：{coverageText(p.coverage)}</div>
              </>
            ),
          },
          {
            title: '优惠',
            width: 280,
            render: (_, p) => argumentsText(fieldsOf(p.kind), p).map((line) => <div key={line}>{line}</div>),
          },
          {
            title: '操作',
            width: 190,
            render: (_, p) =>
              p.phase === 'ended' ? null : (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => editor.open(p)}>
                    编辑
                  </Button>
                  <PauseResumeEnd
                    paused={p.status === 'paused'}
                    onAction={(action) => act(p.id, action)}
                    endConfirm={{ title: '结束后不能恢复，确定结束？', okText: '结束', cancelText: '取消' }}
                  />
                </Space>
              ),
          },
        ]}
      />
      <EditorModal
        editor={editor}
        noun="促销活动"
        width={900}
        initialValues={{
          kind: first?.kind,
          window: [beijingNowPickerValue(), beijingNowPickerValue().add(30, 'day')],
          coverage: { all: true },
          ...argumentDefaults(first?.fields ?? noFields),
        }}
      >
        <Space wrap align="start">
          <Form.Item name="kind" label="促销类型" rules={[{ required: true, message: '请选择促销类型' }]}>
            <Select
              data-testid="admin-promotion-kind"
              style={{ width: 180 }}
              disabled={editor.editing !== 'new'}
              options={(kinds.data ?? []).map((k) => ({ value: k.kind, label: k.label }))}
              onChange={(next: string) => {
                const defaults = argumentDefaults(fieldsOf(next));
                editor.form.setFieldValue('condition', defaults.condition);
                editor.form.setFieldValue('action', defaults.action);
              }}
            />
          </Form.Item>
          <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请填写活动名称' }]}>
            <Input maxLength={40} style={{ width: 280 }} data-testid="admin-promotion-name" />
          </Form.Item>
          <Form.Item name="window" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Space>
        {kind && (
          <div style={{ color: '#666', marginBottom: 8 }} data-testid="admin-promotion-stacking">
            叠加类别：{kinds.data?.find((k) => k.kind === kind)?.stacking_label}
          </div>
        )}
        <ArgumentFields fields={fieldsOf(kind)} />
        <CoverageFields />
      </EditorModal>
    </Card>
  );
}
