import { type AdminFeedbackView, beijingIsoText } from '@yaocai/domain';
import { Button, Form, Image, Input, Space, Tag } from 'antd';
import { ListPage, ModalForm, useListQuery, useModalForm } from '../../../components/list-page';
import { type FeedbackQuery, useFeedbackInbox, useReplyFeedback } from '../api/feedback';

const time = beijingIsoText;
const statuses = [
  { code: 'pending', name: '待回复' },
  { code: 'replied', name: '已回复' },
] as const;

/** 意见反馈 (客服, feedback:write): the stores' feedback, waiting ones first; answer once. */
export default function FeedbackPage() {
  const [query, setQuery] = useListQuery<FeedbackQuery>({ status: 'pending', page: 1, page_size: 20 });
  const { data, isFetching } = useFeedbackInbox(query);
  const reply = useReplyFeedback();
  const answer = useModalForm<AdminFeedbackView, { reply: string }>({
    send: (values, feedback) => reply.mutateAsync({ id: feedback.id, reply: values.reply }),
    sending: reply.isPending,
    done: '已回复，门店会收到消息',
  });

  return (
    <ListPage<AdminFeedbackView, FeedbackQuery>
      title="意见反馈"
      testId="admin-feedback"
      source={{ query, onQuery: setQuery, data, loading: isFetching }}
      status={{ key: 'status', options: statuses }}
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
              <Button type="link" size="small" onClick={() => answer.open(f)}>
                回复
              </Button>
            ) : (
              <Tag color="green">已回复</Tag>
            ),
        },
      ]}
    >
      <ModalForm
        state={answer}
        title="回复反馈"
        okText="发送回复"
        before={<p style={{ whiteSpace: 'pre-wrap' }}>{answer.target?.content}</p>}
      >
        <Form.Item name="reply" label="回复内容" required>
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="admin-feedback-reply" />
        </Form.Item>
      </ModalForm>
    </ListPage>
  );
}
