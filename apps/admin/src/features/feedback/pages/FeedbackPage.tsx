import { type AdminFeedbackView, beijingIsoText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Form, Image, Input, Modal, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../../components/PagedTable';
import { showFieldErrors } from '../../../lib/form-errors';
import { type FeedbackQuery, useFeedbackInbox, useReplyFeedback } from '../api/feedback';

const time = beijingIsoText;

/** 意见反馈 (客服, feedback:write): the stores' feedback, waiting ones first; answer once. */
export default function FeedbackPage() {
  const { message } = useFeedback();
  const [query, setQuery] = useState<FeedbackQuery>({ status: 'pending', page: 1, page_size: 20 });
  const { data, isFetching } = useFeedbackInbox(query);
  const reply = useReplyFeedback();
  const [form] = Form.useForm();
  const [answering, setAnswering] = useState<AdminFeedbackView | null>(null);

  const submit = async () => {
    if (!answering) return;
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const { reply: text } = await form.validateFields();
      await reply.mutateAsync({ id: answering.id, reply: text });
      message.success('已回复，门店会收到消息');
      setAnswering(null);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Card title="意见反馈" data-testid="admin-feedback">
      <Segmented
        style={{ marginBottom: 12 }}
        value={query.status ?? 'all'}
        onChange={(v) =>
          setQuery({ ...query, page: 1, status: v === 'all' ? undefined : (v as 'pending' | 'replied') })
        }
        options={[
          { value: 'pending', label: '待回复' },
          { value: 'replied', label: '已回复' },
          { value: 'all', label: '全部' },
        ]}
      />
      <PagedTable
        loading={isFetching}
        query={query}
        onQuery={setQuery}
        data={data}
        columns={[
          { title: '提交时间', width: 160, render: (_, f) => time(f.created_at) },
          { title: '门店', render: (_, f) => `${f.company_name} / ${f.store_name}` },
          { title: '类型', width: 90, render: (_, f) => <Tag>{f.type_name}</Tag> },
          {
            title: '内容',
            render: (_, f) => (
              <Space direction="vertical" size={4}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{f.content}</span>
                {f.photos.length > 0 && (
                  <Image.PreviewGroup>
                    {f.photos.map((src) => (
                      <Image key={src} src={src} width={48} height={48} alt="反馈图片" />
                    ))}
                  </Image.PreviewGroup>
                )}
                {f.reply && (
                  <span style={{ color: '#389e0d' }}>
                    回复（{f.replied_by}）：{f.reply}
                  </span>
                )}
              </Space>
            ),
          },
          { title: '联系方式', width: 130, render: (_, f) => f.contact || f.phone },
          {
            title: '操作',
            width: 90,
            render: (_, f) =>
              f.status === 'pending' ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.resetFields();
                    setAnswering(f);
                  }}
                >
                  回复
                </Button>
              ) : (
                <Tag color="green">已回复</Tag>
              ),
          },
        ]}
      />
      <Modal
        open={answering !== null}
        title="回复反馈"
        okText="发送回复"
        onOk={submit}
        confirmLoading={reply.isPending}
        onCancel={() => setAnswering(null)}
        destroyOnHidden
      >
        <p style={{ whiteSpace: 'pre-wrap' }}>{answering?.content}</p>
        <Form form={form} layout="vertical">
          <Form.Item name="reply" label="回复内容" required>
            <Input.TextArea rows={4} maxLength={500} showCount data-testid="admin-feedback-reply" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
