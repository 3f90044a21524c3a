import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminManjianView, beijingDateTimeText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, DatePicker, Form, Input, InputNumber, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { beijingNowPickerValue, beijingPickerValue, pickedBeijingSeconds } from '../../../lib/beijing-picker';
import { unreportedMessage } from '../../../lib/form-errors';
import { useManjian, useManjianState, useSaveManjian } from '../api/promotion';
import { CoverageFields, coverageFormValues } from '../components/CoverageFields';
import { EditorModal, useEditor } from '../components/EditorModal';
import { PromotionList } from '../components/PromotionList';
import { PauseResumeEnd, type StatusAction } from '../components/StatusActions';

interface Values {
  name: string;
  tiers: { amount: number; reduction: number }[];
  window: [Dayjs, Dayjs];
  coverage: Record<string, unknown>;
}

const phaseColors = { upcoming: 'blue', running: 'green', paused: 'orange', ended: 'default' } as const;

/** 满减活动 (运营, promotions:write): tiers, time window and the goods covered; uses and sales. */
export default function ManjianPage() {
  const { message } = useFeedback();
  const { data, isFetching } = useManjian();
  const state = useManjianState();
  const editor = useEditor<AdminManjianView, Values>({
    save: useSaveManjian(),
    toValues: (a) => ({
      name: a.name,
      tiers: a.tiers,
      window: [beijingPickerValue(a.starts_at), beijingPickerValue(a.ends_at)],
      coverage: coverageFormValues(a.coverage),
    }),
    toBody: (v) => ({
      name: v.name,
      tiers: v.tiers,
      starts_at: pickedBeijingSeconds(v.window[0]),
      ends_at: pickedBeijingSeconds(v.window[1]),
      coverage: { all: false, ...v.coverage },
    }),
  });
  const act = async (id: number, action: StatusAction) => {
    try {
      await state.mutateAsync({ id, action });
      message.success('已更新');
    } catch (error) {
      const text = unreportedMessage(error, '操作失败');
      if (text) message.error(text);
    }
  };

  return (
    <PromotionList<AdminManjianView>
      title="满减活动"
      testId="admin-manjian"
      newLabel="新建满减"
      newTestId="admin-manjian-new"
      onNew={() => editor.open('new')}
      rows={data}
      loading={isFetching}
      columns={[
        {
          title: '活动',
          render: (_, a) => (
            <>
              <strong>{a.name}</strong> <Tag color={phaseColors[a.phase]}>{a.phase_label}</Tag>
              <div style={{ color: '#666' }}>
                {beijingDateTimeText(a.starts_at)} 至 {beijingDateTimeText(a.ends_at)}
              </div>
              <div style={{ color: '#666' }}>范围：{a.coverage_text}</div>
            </>
          ),
        },
        {
          title: '档位',
          width: 160,
          render: (_, a) => a.tiers.map((t) => <div key={t.amount}>{`满${t.amount}减${t.reduction}`}</div>),
        },
        {
          title: '已付订单 / 优惠 / 销售额',
          width: 190,
          render: (_, a) => `${a.orders} 单 / ¥${a.reduction.toFixed(2)} / ¥${a.sales.toFixed(2)}`,
        },
        {
          title: '操作',
          width: 190,
          render: (_, a) =>
            a.phase === 'ended' ? null : (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => editor.open(a)}>
                  编辑
                </Button>
                <PauseResumeEnd
                  paused={!a.is_active}
                  onAction={(action) => act(a.id, action)}
                  endConfirm={{ title: '结束后不能恢复，确定结束？' }}
                />
              </Space>
            ),
        },
      ]}
    >
      <EditorModal
        editor={editor}
        noun="满减活动"
        width={900}
        initialValues={{
          tiers: [{ amount: 500, reduction: 20 }],
          window: [beijingNowPickerValue(), beijingNowPickerValue().add(30, 'day')],
          coverage: { all: true },
        }}
      >
        <Space wrap align="start">
          <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请填写活动名称' }]}>
            <Input maxLength={40} style={{ width: 280 }} data-testid="admin-manjian-name" />
          </Form.Item>
          <Form.Item name="window" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Space>
        <Form.List name="tiers">
          {(fields, { add, remove }) => (
            <div style={{ marginBottom: 12 }}>
              {fields.map((field) => (
                <Space key={field.key} align="start">
                  <Form.Item
                    name={[field.name, 'amount']}
                    label="满（元）"
                    rules={[{ required: true, message: '请填写满额' }]}
                  >
                    <InputNumber min={0.01} precision={2} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'reduction']}
                    label="减（元）"
                    rules={[{ required: true, message: '请填写减额' }]}
                  >
                    <InputNumber min={0.01} precision={2} style={{ width: 140 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label="删除档位"
                    style={{ marginTop: 30 }}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                添加档位
              </Button>
            </div>
          )}
        </Form.List>
        <CoverageFields />
      </EditorModal>
    </PromotionList>
  );
}
