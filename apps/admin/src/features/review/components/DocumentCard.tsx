import type { ReviewDocument } from '@yaocai/domain';
import { Button, Card, DatePicker, Descriptions, Form, Input, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { reviewStatusColors, reviewStatusLabels } from '../review-labels';

interface Props {
  doc: ReviewDocument;
  busy: boolean;
  onDecide(decision: { approve: boolean; reason?: string; expires_on?: string }): void;
}

/** One qualification document: its image, number and validity; approve or refuse with a reason. */
export function DocumentCard({ doc, busy, onDecide }: Props) {
  const [reason, setReason] = useState('');
  const [expiresOn, setExpiresOn] = useState(doc.expires_on);
  const status = doc.status as keyof typeof reviewStatusLabels;
  return (
    <Card
      size="small"
      title={doc.kind_name}
      extra={<Tag color={reviewStatusColors[doc.status]}>{reviewStatusLabels[status] ?? doc.status}</Tag>}
      data-testid="admin-review-document"
    >
      {doc.file_mime.startsWith('image/') ? (
        <a href={doc.file_url} target="_blank" rel="noreferrer">
          <img className="ad-doc-image" src={doc.file_url} alt={doc.kind_name} />
        </a>
      ) : (
        <a href={doc.file_url} target="_blank" rel="noreferrer">
          查看证件（PDF）
        </a>
      )}
      <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
        <Descriptions.Item label="证件编号">{doc.number}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{doc.expires_on}</Descriptions.Item>
        {doc.review_note && <Descriptions.Item label="审核意见">{doc.review_note}</Descriptions.Item>}
      </Descriptions>
      <Form layout="vertical" size="small">
        <Form.Item label="核定有效期">
          <DatePicker
            allowClear={false}
            value={dayjs(expiresOn)}
            onChange={(d) => d && setExpiresOn(d.format('YYYY-MM-DD'))}
          />
        </Form.Item>
        <Form.Item label="退回原因">
          <Input
            value={reason}
            maxLength={200}
            placeholder="退回时必填，买家可见"
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
        <Space>
          <Button
            type="primary"
            loading={busy}
            onClick={() => onDecide({ approve: true, expires_on: expiresOn })}
            data-testid="admin-document-approve"
          >
            通过
          </Button>
          <Button
            danger
            loading={busy}
            onClick={() => onDecide({ approve: false, reason: reason || undefined })}
          >
            退回
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
