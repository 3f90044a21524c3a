import { beijingIsoText, type FeedbackBody, type FeedbackView, feedbackTypes } from '@yaocai/domain';
import { ApiError } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Empty, Form, Input, List, Radio, Tag } from 'antd';
import { useState } from 'react';
import { Card } from '../../../components/Card';
import { type Photo, PhotoUpload } from '../../../components/PhotoUpload';
import { useMyFeedback, useSendFeedback } from '../api/feedback';

const time = beijingIsoText;

/** /yjfk 意见反馈: write to customer service (type, text, pictures, contact) and read the answers. */
export default function FeedbackPage() {
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(0);
  const [page, setPage] = useState(1);
  const mine = useMyFeedback(page);
  const send = useSendFeedback();

  const submit = async (values: { type: FeedbackBody['type']; content: string; contact?: string }) => {
    try {
      await send.mutateAsync({
        type: values.type,
        content: values.content,
        contact: values.contact ?? '',
        photo_ids: photos.map((p) => p.id),
      });
      message.success('提交成功，我们会尽快回复');
      form.resetFields();
      setPhotos([]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const errors = (error.data as { errors?: Record<string, string[]> } | null)?.errors ?? {};
        form.setFields(Object.entries(errors).map(([name, list]) => ({ name, errors: list })));
      }
    }
  };

  return (
    <div className="sh-container sh-page" data-testid="feedback-page">
      <Card title="意见反馈" style={{ marginBottom: 16 }}>
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ type: 'suggestion' }}
          style={{ maxWidth: 640 }}
        >
          <Form.Item name="type" label="反馈类型" required>
            <Radio.Group options={feedbackTypes.map((t) => ({ value: t.code, label: t.name }))} />
          </Form.Item>
          <Form.Item name="content" label="反馈内容" required>
            <Input.TextArea
              rows={5}
              maxLength={500}
              showCount
              placeholder="请描述您遇到的问题或建议（至少5个字）"
              data-testid="feedback-content"
            />
          </Form.Item>
          <Form.Item label="图片（选填，最多3张）">
            <PhotoUpload
              value={photos}
              onChange={setPhotos}
              max={3}
              onBusy={setUploading}
              testId="feedback-photos"
            />
          </Form.Item>
          <Form.Item name="contact" label="联系方式（选填）">
            <Input maxLength={50} placeholder="手机号或QQ，方便我们联系您" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={send.isPending}
            disabled={uploading > 0}
            data-testid="feedback-submit"
          >
            提交反馈
          </Button>
        </Form>
      </Card>
      <Card title="我的反馈">
        <List<FeedbackView>
          loading={mine.isPending}
          dataSource={mine.data?.list ?? []}
          locale={{ emptyText: <Empty description="暂无反馈记录" /> }}
          pagination={
            (mine.data?.total ?? 0) > 10
              ? { current: page, pageSize: 10, total: mine.data?.total, onChange: setPage }
              : false
          }
          renderItem={(f) => (
            <List.Item data-testid="feedback-item">
              <List.Item.Meta
                title={
                  <>
                    <Tag>{f.type_name}</Tag>
                    <span style={{ fontWeight: 'normal', color: '#707070' }}>{time(f.created_at)}</span>{' '}
                    {f.status === 'replied' ? (
                      <Tag color="green">已回复</Tag>
                    ) : (
                      <Tag color="orange">待回复</Tag>
                    )}
                  </>
                }
                description={
                  <>
                    <div style={{ color: '#333', whiteSpace: 'pre-wrap' }}>{f.content}</div>
                    {f.reply && (
                      <div
                        style={{ marginTop: 8, padding: 8, background: '#f6f8fa' }}
                        data-testid="feedback-reply"
                      >
                        客服回复（{f.replied_at ? time(f.replied_at) : ''}）：{f.reply}
                      </div>
                    )}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
