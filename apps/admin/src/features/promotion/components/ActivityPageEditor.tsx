import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  type ActivitySection,
  type ActivitySectionType,
  type AdminActivityPageView,
  activityPageTemplateNames,
  activityPageTemplates,
  activitySectionNames,
  beijingDateTimeText,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { showFieldErrors } from '../../../lib/form-errors';
import { useSaveActivityPage } from '../api/activity-pages';
import { SectionFields } from './SectionFields';

type SectionValues = Partial<Omit<ActivitySection, 'until'>> & {
  type: ActivitySectionType;
  until?: Dayjs | null;
};
interface Values {
  title: string;
  template: string;
  range: [Dayjs, Dayjs];
  notice_text?: string;
  sections: SectionValues[];
}

// Date-times are Beijing wall-clock text on the wire; the pickers hold the same wall-clock
// values whatever the browser's zone, so they are read and written as text.
const FORMAT = 'YYYY-MM-DD HH:mm';
const wallClock = (text: string) => dayjs(text, FORMAT);
const beijingNow = () => wallClock(beijingDateTimeText(Date.now() / 1000));

const toForm = (page: AdminActivityPageView): Values => ({
  title: page.title,
  template: page.template,
  range: [wallClock(page.starts_at), wallClock(page.ends_at)],
  notice_text: page.notice_text,
  sections: page.sections.map((s) =>
    s.type === 'countdown' ? { ...s, until: s.until ? wallClock(s.until) : null } : s,
  ),
});

const toBody = (v: Values) => ({
  title: v.title,
  template: v.template,
  starts_at: v.range[0].format(FORMAT),
  ends_at: v.range[1].format(FORMAT),
  notice_text: v.notice_text ?? '',
  sections: (v.sections ?? []).map((s) =>
    s.type === 'countdown' ? { ...s, until: s.until ? s.until.format(FORMAT) : '' } : s,
  ),
});

interface Props {
  page: AdminActivityPageView | 'new';
  onClose: () => void;
}

/** Builds a page: title, template, schedule, and its sections (add, remove, move up and down). */
export function ActivityPageEditor({ page, onClose }: Props) {
  const { message } = useFeedback();
  const save = useSaveActivityPage();
  const [form] = Form.useForm<Values>();
  const sections: SectionValues[] = Form.useWatch('sections', form) ?? [];
  const known =
    page === 'new' ? { goods: {}, coupons: {} } : { goods: page.goods_names, coupons: page.coupon_names };
  const initial: Values =
    page === 'new'
      ? { title: '', template: 'zqmb', range: [beijingNow(), beijingNow().add(7, 'day')], sections: [] }
      : toForm(page);

  const submit = async () => {
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const v = await form.validateFields();
      await save.mutateAsync({ id: page === 'new' ? null : page.id, body: toBody(v) });
      message.success('已保存');
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open
      width={980}
      title={page === 'new' ? '新建活动页' : `编辑活动页：${page.title}`}
      okText="保存"
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial}>
        <Space wrap align="start">
          <Form.Item name="title" label="页面标题" rules={[{ required: true, message: '请填写页面标题' }]}>
            <Input maxLength={30} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="template" label="页面模板">
            <Select
              style={{ width: 140 }}
              options={activityPageTemplates.map((t) => ({ value: t, label: activityPageTemplateNames[t] }))}
            />
          </Form.Item>
          <Form.Item
            name="range"
            label="活动时间（北京时间）"
            rules={[{ required: true, message: '请选择活动时间' }]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={FORMAT} />
          </Form.Item>
          <Form.Item
            name="notice_text"
            label="未开始/暂停时的提示"
            extra="留空则显示「活动暂未开始」或「活动未开始」"
          >
            <Input maxLength={40} style={{ width: 240 }} />
          </Form.Item>
        </Space>
        <Form.List name="sections">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, i) => {
                const type = sections[field.name]?.type ?? 'banner';
                return (
                  <Card
                    key={field.key}
                    size="small"
                    style={{ marginBottom: 8 }}
                    data-testid="admin-section"
                    title={`${i + 1}. ${activitySectionNames[type]}`}
                    extra={
                      <Space size={0}>
                        <Button
                          type="text"
                          icon={<ArrowUpOutlined />}
                          aria-label="上移"
                          disabled={i === 0}
                          onClick={() => move(i, i - 1)}
                        />
                        <Button
                          type="text"
                          icon={<ArrowDownOutlined />}
                          aria-label="下移"
                          disabled={i === fields.length - 1}
                          onClick={() => move(i, i + 1)}
                        />
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label="删除板块"
                          onClick={() => remove(i)}
                        />
                      </Space>
                    }
                  >
                    <Form.Item name={[field.name, 'type']} hidden>
                      <Input />
                    </Form.Item>
                    <SectionFields name={field.name} type={type} known={known} />
                  </Card>
                );
              })}
              <Space wrap>
                <span>添加板块：</span>
                {(Object.keys(activitySectionNames) as ActivitySectionType[]).map((type) => (
                  <Button key={type} onClick={() => add({ type })} data-testid={`admin-add-${type}`}>
                    {activitySectionNames[type]}
                  </Button>
                ))}
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
