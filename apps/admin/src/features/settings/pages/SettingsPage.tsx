import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  controlClasses,
  type SettingsSection,
  type SettingsView,
  type SmsTemplatePurpose,
  settingsSectionNames,
  settingsSections,
  smsTemplatePurposeNames,
  smsTemplatePurposes,
} from '@yaocai/domain';
import { CheckboxList } from '@yaocai/web-client/checkbox-list';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Card, Form, Input, InputNumber, Skeleton, Space, Switch, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { showFieldErrors, unreportedMessage } from '../../../lib/form-errors';
import { useSaveSettings, useSettings } from '../api/settings';

/** The template variables of each purpose (Aliyun names them ${name}; Tencent numbers them {1}, {2} ... in this order). */
const smsTemplateHints: Record<SmsTemplatePurpose, string> = {
  register: '模板变量（依次）：code（验证码）；必填，否则无法注册',
  password_reset: '模板变量（依次）：code（验证码）；必填，否则无法找回密码',
  review_result: '模板变量（依次）：result（通过/未通过）、note（原因）；留空则只发站内信',
  licence_expiry: '模板变量（依次）：licence、number、date、days；留空则只发站内信',
  shipped: '模板变量（依次）：order_no、carrier、tracking_no；留空则只发站内信',
  transfer_confirmed: '模板变量（依次）：order_no、amount（元）；留空则只发站内信',
};

/** The form items of each section (names follow the API; money in yuan). */
const sectionFields: Record<SettingsSection, ReactNode> = {
  site: (
    <>
      <Form.Item name="title" label="网站名称" required>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="slogan" label="宣传语">
        <Input maxLength={40} />
      </Form.Item>
    </>
  ),
  common_config: (
    <>
      <Form.Item name="hot_line" label="客服热线" required>
        <Input maxLength={20} data-testid="admin-settings-hot-line" />
      </Form.Item>
      <Form.Item name="complaint_line" label="投诉电话" required>
        <Input maxLength={20} />
      </Form.Item>
      {(['qq1', 'qq2'] as const).map((qq, i) => (
        <Space key={qq} align="start">
          <Form.Item name={[qq, 'name']} label={`QQ客服${i + 1}名称`} required>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name={[qq, 'number']} label={`QQ客服${i + 1}号码`} required>
            <Input maxLength={12} />
          </Form.Item>
        </Space>
      ))}
    </>
  ),
  quality_inspection: (
    <>
      <Form.Item
        name="quality_inspection_url"
        label="质检报告链接"
        extra="填写后点击「质检报告」打开此链接；留空则显示下方提示"
      >
        <Input maxLength={300} placeholder="https://… 或 /help/…" />
      </Form.Item>
      <Form.Item name="msg" label="质检报告提示">
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </>
  ),
  footer: (
    <>
      <Form.Item name="company" label="公司名称" required>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="address" label="公司地址" required>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item label="证照">
        <Form.List name="licences">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start">
                  <Form.Item name={[field.name, 'name']} noStyle>
                    <Input placeholder="证照名称" maxLength={30} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'number']} noStyle>
                    <Input placeholder="证照编号" maxLength={60} style={{ width: 280 }} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除证照" onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({ name: '', number: '' })} icon={<PlusOutlined />}>
                添加证照
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="icp" label="ICP备案号" required>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item label="声明">
        <Form.List name="notices">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item name={field.name} noStyle>
                    <Input maxLength={120} style={{ width: 480 }} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除声明" onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" onClick={() => add('')} icon={<PlusOutlined />}>
                添加声明
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </>
  ),
  shipping: (
    <>
      <Form.Item name="threshold" label="包邮门槛（元）" extra="订单商品金额达到门槛免运费" required>
        <InputNumber min={0} precision={2} style={{ width: 200 }} data-testid="admin-settings-threshold" />
      </Form.Item>
      <Form.Item name="fee" label="运费（元）" required>
        <InputNumber min={0} precision={2} style={{ width: 200 }} />
      </Form.Item>
    </>
  ),
  order: (
    <>
      <Form.Item name="expire_minutes" label="未支付订单取消时间（分钟）" required>
        <InputNumber min={5} max={1440} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="ephedrine_limit" label="含麻药品每单限购件数" required>
        <InputNumber min={1} max={100} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="auto_confirm_days"
        label="自动确认收货（发货后天数）"
        extra="门店未确认收货的订单，发货满该天数后由系统确认收货并通知门店"
        required
      >
        <InputNumber min={3} max={30} precision={0} style={{ width: 200 }} />
      </Form.Item>
    </>
  ),
  points: (
    <>
      <Form.Item name="points_per_yuan" label="积分抵扣比例（多少积分抵 ¥1）" required>
        <InputNumber min={1} max={10000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="max_share_percent" label="积分抵扣上限（订单金额的百分比）" required>
        <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} addonAfter="%" />
      </Form.Item>
      <Form.Item
        name="earn_per_yuan"
        label="每消费1元赠送积分"
        extra="订单确认收货后按实付金额赠送，售后退款按比例扣回"
        required
      >
        <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="会员等级赠送规则" extra="列出的会员等级按各自比例赠送，其余等级按上面的比例">
        <Form.List name="rank_rates">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" style={{ display: 'flex', marginBottom: 8 }}>
                  <Form.Item name={[field.name, 'rank']} noStyle>
                    <Input placeholder="会员等级，如 金牌会员" maxLength={20} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'earn_per_yuan']} noStyle>
                    <InputNumber
                      min={0}
                      max={100}
                      precision={0}
                      addonAfter="积分/元"
                      style={{ width: 160 }}
                    />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除等级规则" onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button
                type="dashed"
                onClick={() => add({ rank: '', earn_per_yuan: 1 })}
                icon={<PlusOutlined />}
              >
                添加等级规则
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item
        name="expire_on"
        label="积分过期日（MM-DD）"
        extra="每年该日，上一年及以前获得且未使用的积分过期；留空为永不过期"
      >
        <Input style={{ width: 200 }} placeholder="12-31" />
      </Form.Item>
    </>
  ),
  compliance: (
    <>
      <Form.Item
        name="trace_codes_required"
        label="发货时药品必须录入追溯码"
        valuePropName="checked"
        extra="开启后，药品类商品发货须逐件录入药品追溯码（20位码或GS1码）；器械、食品不受影响"
      >
        <Switch data-testid="admin-settings-trace-required" />
      </Form.Item>
      <Form.Item
        name="near_expiry_months"
        label="近效期（剩余有效期少于几个月）"
        extra="最早批次剩余有效期少于该月数的商品自动标为近效期，列入近效期专区"
        required
      >
        <InputNumber min={1} max={24} precision={0} style={{ width: 200 }} addonAfter="个月" />
      </Form.Item>
      <Form.Item
        name="ephedrine_period_days"
        label="含麻药品限购周期（天）"
        extra="同一购货单位（含其全部门店）在该天数内累计可购含麻药品件数受下方限制；0 为不限周期，仅按每单限购"
        required
      >
        <InputNumber min={0} max={90} precision={0} style={{ width: 200 }} addonAfter="天" />
      </Form.Item>
      <Form.Item name="ephedrine_period_limit" label="含麻药品周期限购件数" required>
        <InputNumber min={1} max={1000} precision={0} style={{ width: 200 }} addonAfter="件" />
      </Form.Item>
      <Form.Item
        name="ephedrine_wallet_only"
        label="含麻药品订单仅限余额支付"
        valuePropName="checked"
        extra="开启后，含麻药品订单不能使用账期或在线支付"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="never_listable"
        label="不得网络销售的类别"
        extra="勾选的特殊管理类别，商品新建、编辑与导入时一律拒绝"
      >
        <CheckboxList options={controlClasses.map((k) => ({ value: k.code, label: k.name }))} />
      </Form.Item>
    </>
  ),
  sms: (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="短信服务商及其密钥在服务器环境变量中配置（SMS_PROVIDER 等），此处只填写签名与各场景的模板编号"
      />
      <Form.Item
        name="sign_name"
        label="短信签名"
        extra="留空则使用服务器配置的默认签名；须为服务商审核通过的签名"
      >
        <Input maxLength={20} data-testid="admin-settings-sms-sign" />
      </Form.Item>
      {smsTemplatePurposes.map((purpose) => (
        <Form.Item
          key={purpose}
          name={['templates', purpose]}
          label={`${smsTemplatePurposeNames[purpose]}模板编号`}
          extra={smsTemplateHints[purpose]}
        >
          <Input maxLength={40} placeholder="如 SMS_123456789 或 1234567" />
        </Form.Item>
      ))}
    </>
  ),
  transfer: (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="选择对公转账的门店看到此收款账户；留空收款账号则不提供对公转账。保存需「对公转账确认」权限。"
      />
      <Form.Item name="account_name" label="收款户名（公司全称）">
        <Input maxLength={60} data-testid="admin-settings-transfer-name" />
      </Form.Item>
      <Form.Item name="bank_name" label="开户银行">
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="account_no" label="收款账号">
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="bank_code" label="联行号（选填）">
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="expire_days"
        label="对公转账订单等待天数"
        extra="门店选择对公转账后，订单保留该天数等待到账；回单待财务确认期间不会自动取消"
        required
      >
        <InputNumber min={1} max={30} precision={0} style={{ width: 200 }} addonAfter="天" />
      </Form.Item>
    </>
  ),
};

function SectionForm<K extends SettingsSection>({ section, value }: { section: K; value: SettingsView[K] }) {
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const save = useSaveSettings();
  const submit = async (body: SettingsView[K]) => {
    try {
      await save.mutateAsync({ section, body });
      message.success('已保存，商城即时生效');
    } catch (error) {
      // A 422 is toasted by the client (its first message) and shown under its fields here;
      // anything else the client did not report is told once.
      if (!showFieldErrors(form, error)) {
        const text = unreportedMessage(error, '保存失败');
        if (text) message.error(text);
      }
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={value as object}
      onFinish={submit}
      data-testid={`admin-settings-${section}`}
      style={{ maxWidth: 720 }}
    >
      {sectionFields[section]}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存{settingsSectionNames[section]}
      </Button>
    </Form>
  );
}

/** 站点设置: one form per section; each save is live in the shop at once. */
export default function SettingsPage() {
  const { data, isPending, isError } = useSettings();
  return (
    <Card title="站点设置" data-testid="admin-settings">
      {isPending ? (
        <Skeleton active />
      ) : isError || !data ? (
        <Alert type="error" message="设置加载失败，请刷新重试" />
      ) : (
        <Tabs
          destroyInactiveTabPane
          items={settingsSections.map((section) => ({
            key: section,
            label: settingsSectionNames[section],
            children: <SectionForm section={section} value={data[section]} />,
          }))}
        />
      )}
    </Card>
  );
}
