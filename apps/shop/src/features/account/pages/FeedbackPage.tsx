import { beijingIsoText, type FeedbackType, type FeedbackView, feedbackTypes } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { Card } from '../../../components/Card';
import { LightRadioGroup, LightTextArea } from '../../../components/FieldControls';
import { LightField } from '../../../components/LightField';
import { LightList, LightListItem } from '../../../components/LightList';
import { type Photo, PhotoUpload } from '../../../components/PhotoUpload';
import type { FieldSpecs } from '../../../lib/light-form';
import { useLightForm } from '../../../lib/use-light-form';
import { useMyFeedback, useSendFeedback } from '../api/feedback';

const time = beijingIsoText;
const typeOptions = feedbackTypes.map((t) => ({ value: t.code, label: t.name }));

interface Values {
  type: FeedbackType;
  content: string;
  contact: string;
}
/** No rules before sending: the server checks the feedback and its 422 goes under each field. */
const fields: FieldSpecs<Values> = { type: {}, content: {}, contact: {} };
const vertical = { layout: 'vertical' } as const;

/** One answered or waiting feedback (antd's List.Item with its meta). */
function FeedbackItem({ item }: { item: FeedbackView }) {
  return (
    <LightListItem
      data-testid="feedback-item"
      title={
        <>
          <Tag>{item.type_name}</Tag>
          <span style={{ fontWeight: 'normal', color: '#707070' }}>{time(item.created_at)}</span>{' '}
          {item.status === 'replied' ? <Tag color="green">已回复</Tag> : <Tag color="orange">待回复</Tag>}
        </>
      }
      description={
        <>
          <div style={{ color: '#333', whiteSpace: 'pre-wrap' }}>{item.content}</div>
          {item.reply && (
            <div style={{ marginTop: 8, padding: 8, background: '#f6f8fa' }} data-testid="feedback-reply">
              客服回复（{item.replied_at ? time(item.replied_at) : ''}）：{item.reply}
            </div>
          )}
        </>
      }
    />
  );
}

/** /yjfk 意见反馈: write to customer service (type, text, pictures, contact) and read the answers. */
export default function FeedbackPage() {
  const { message } = useFeedback();
  const form = useLightForm(fields, { type: 'suggestion', content: '', contact: '' });
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(0);
  const [page, setPage] = useState(1);
  const mine = useMyFeedback(page);
  const send = useSendFeedback();
  const list = mine.data?.list ?? [];
  const total = mine.data?.total ?? 0;

  const submit = async (values: Values) => {
    try {
      await send.mutateAsync({ ...values, photo_ids: photos.map((p) => p.id) });
      message.success('提交成功，我们会尽快回复');
      form.reset();
      setPhotos([]);
    } catch (error) {
      // The HTTP client has shown the refusal; a 422's messages go under their fields.
      form.applyApiError(error);
    }
  };

  return (
    <div className="sh-container sh-page" data-testid="feedback-page">
      <Card title="意见反馈" style={{ marginBottom: 16 }}>
        <form onSubmit={form.onSubmit(submit)} noValidate style={{ maxWidth: 640 }}>
          <LightField {...vertical} label="反馈类型" required id="feedback-type" errors={form.errors('type')}>
            {(control) => (
              <LightRadioGroup
                {...control}
                label="反馈类型"
                name="feedback-type"
                options={typeOptions}
                value={form.values.type}
                onChange={(type) => form.change('type', type)}
              />
            )}
          </LightField>
          <LightField
            {...vertical}
            label="反馈内容"
            required
            id="feedback-content"
            errors={form.errors('content')}
          >
            {(control) => (
              <LightTextArea
                {...control}
                {...form.text('content')}
                rows={5}
                maxLength={500}
                showCount
                placeholder="请描述您遇到的问题或建议（至少5个字）"
                data-testid="feedback-content"
              />
            )}
          </LightField>
          <LightField {...vertical} label="图片（选填，最多3张）">
            <PhotoUpload
              value={photos}
              onChange={setPhotos}
              max={3}
              onBusy={setUploading}
              testId="feedback-photos"
            />
          </LightField>
          <LightField
            {...vertical}
            label="联系方式（选填）"
            id="feedback-contact"
            errors={form.errors('contact')}
          >
            {(control) => (
              <input
                {...control}
                {...form.text('contact')}
                className="yc-control"
                style={{ width: '100%' }}
                maxLength={50}
                placeholder="手机号或QQ，方便我们联系您"
              />
            )}
          </LightField>
          <Button
            type="primary"
            htmlType="submit"
            loading={send.isPending}
            disabled={uploading > 0}
            data-testid="feedback-submit"
          >
            提交反馈
          </Button>
        </form>
      </Card>
      <Card title="我的反馈">
        <LightList
          items={list}
          rowKey={(item) => item.id}
          loading={mine.isPending}
          empty={<Empty description="暂无反馈记录" />}
          pagination={total > 10 && { current: page, pageSize: 10, total, onChange: setPage }}
          renderItem={(item) => <FeedbackItem item={item} />}
        />
      </Card>
    </div>
  );
}
