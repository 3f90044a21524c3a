import { type BuyerLookupItem, MAX_YUAN } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Form, Input, InputNumber, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useFindBuyers } from '../api/find-buyers';
import { type CreditInput, useSetCredit } from '../api/set-credit';

/** Credit limits (账期额度): find a store by phone, store or company name, then set its limit and term. */
export default function CreditPage() {
  const { message } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const { data = [], isFetching } = useFindBuyers(keyword);
  const [editing, setEditing] = useState<BuyerLookupItem | null>(null);
  const [form] = Form.useForm<CreditInput>();
  const save = useSetCredit();
  const submit = async () => {
    if (!editing) return;
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const values = await form.validateFields();
      const r = await save.mutateAsync({ userId: editing.user_id, ...values });
      message.success(`已调整：额度 ¥${r.credit_limit.toFixed(2)}，账期 ${r.term_days} 天`);
      setEditing(null);
    } catch {
      // the HTTP client has already shown the refusal (温馨提示 or toast)
    }
  };
  return (
    <Card title="账期额度" data-testid="admin-credit">
      <Input.Search
        enterButton="查找"
        placeholder="手机号 / 门店名称 / 企业名称"
        style={{ width: 360, marginBottom: 12 }}
        onSearch={(value) => setKeyword(value.trim())}
        data-testid="admin-credit-search"
      />
      <Table
        rowKey="user_id"
        size="small"
        loading={isFetching}
        dataSource={data}
        locale={{ emptyText: keyword ? '没有找到匹配的门店' : '输入手机号或名称查找门店' }}
        pagination={false}
        columns={[
          { title: '门店', render: (_, b) => `${b.store_name}（${b.phone}）` },
          { title: '企业', dataIndex: 'company_name' },
          {
            title: '资质',
            render: (_, b) => (
              <Tag color={b.qualification_status === 'approved' ? 'green' : 'gold'}>
                {b.qualification_status === 'approved' ? '已认证' : '未认证'}
              </Tag>
            ),
          },
          { title: '授信额度', render: (_, b) => `¥${b.credit_limit.toFixed(2)}` },
          { title: '已用', render: (_, b) => `¥${b.credit_used.toFixed(2)}` },
          { title: '账期', render: (_, b) => `${b.term_days} 天` },
          {
            title: '操作',
            render: (_, b) => (
              <Button
                size="small"
                onClick={() => {
                  form.setFieldsValue({ credit_limit: b.credit_limit, term_days: b.term_days });
                  setEditing(b);
                }}
              >
                调整
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing ? `调整账期额度：${editing.store_name}` : ''}
        okText="保存"
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="credit_limit"
            label="授信额度（元）"
            rules={[{ required: true, message: '请填写授信额度' }]}
          >
            <InputNumber min={0} max={MAX_YUAN} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="term_days" label="账期（天）">
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
