import type { ReviewDocument, ScopeClassCode } from '@yaocai/domain';
import { CheckboxList } from '@yaocai/web-client/checkbox-list';
import { Button, Card, Checkbox, DatePicker, Descriptions, Form, Input, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatTime, reviewStatusColors, reviewStatusLabels } from '../../../lib/review-labels';
import { DecisionButtons } from './DecisionButtons';

export interface DocumentDecision {
  approve: boolean;
  reason?: string;
  expires_on?: string;
  long_term?: boolean;
  issuer?: string;
  scopes?: ScopeClassCode[];
  holder_name?: string;
  holder_id_no?: string;
}

interface Props {
  doc: ReviewDocument;
  /** The version that corrected this one (已更正), when one did. */
  correctedBy?: ReviewDocument;
  busy: boolean;
  onDecide(decision: DocumentDecision): void;
  /** Opens the correction of this version; absent when it may not be corrected. */
  onCorrect?(): void;
}

/** Who did it and when, as a version records it. */
const byWhom = (doc: ReviewDocument) =>
  [doc.reviewed_by, doc.reviewed_at ? formatTime(doc.reviewed_at) : null].filter(Boolean).join(' ');

/**
 * One licence version: its image and what the store entered; while it waits, the reviewer records
 * what the licence says (validity or 长期, issuer, the scope codes printed on it, the purchaser on
 * a proxy) and approves, or refuses with a reason. A decided licence is kept as it was decided; a
 * mistake in it is corrected (更正) by a new version, and this one shows 已更正.
 */
export function DocumentCard({ doc, correctedBy, busy, onDecide, onCorrect }: Props) {
  const [reason, setReason] = useState('');
  const [longTerm, setLongTerm] = useState(doc.expires_on === null);
  const [expiresOn, setExpiresOn] = useState(doc.expires_on);
  const [issuer, setIssuer] = useState(doc.issuer ?? '');
  const [scopes, setScopes] = useState<ScopeClassCode[]>(
    (doc.status === 'pending' ? doc.proposed_scopes : doc.scopes.map((s) => s.code)) as ScopeClassCode[],
  );
  const [holderName, setHolderName] = useState(doc.holder_name ?? '');
  const [holderIdNo, setHolderIdNo] = useState(doc.holder_id_no ?? '');
  const status = doc.status as keyof typeof reviewStatusLabels;
  const pending = doc.status === 'pending';
  const proxy = doc.kind === 'proxy';
  // The fields have no Form name (the card keeps its own state): ids tie each label to its input.
  const fieldId = (field: string) => `document-${doc.id}-${field}`;
  return (
    <Card
      size="small"
      title={doc.kind_name}
      extra={
        <Space size={4}>
          {correctedBy && <Tag data-testid="admin-document-superseded">已更正</Tag>}
          <Tag color={reviewStatusColors[doc.status]}>{reviewStatusLabels[status] ?? doc.status}</Tag>
        </Space>
      }
      style={correctedBy ? { opacity: 0.75 } : undefined}
      data-testid="admin-review-document"
      data-kind={doc.kind}
      data-current={correctedBy ? 'false' : 'true'}
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
        {doc.issuer && <Descriptions.Item label="发证机关">{doc.issuer}</Descriptions.Item>}
        <Descriptions.Item label="有效期至">{doc.expires_on ?? '长期'}</Descriptions.Item>
        {!pending && doc.grants.length > 0 && (
          <Descriptions.Item label="载明经营范围">
            {doc.scopes.length ? doc.scopes.map((s) => s.name).join('、') : '无'}
          </Descriptions.Item>
        )}
        {doc.holder_name && (
          <Descriptions.Item label="采购人员">
            {doc.holder_name}
            {doc.holder_id_no ? `（${doc.holder_id_no}）` : ''}
          </Descriptions.Item>
        )}
        {doc.review_note && <Descriptions.Item label="审核意见">{doc.review_note}</Descriptions.Item>}
        {!pending && byWhom(doc) && (
          <Descriptions.Item label={doc.supersedes_id ? '更正' : '审核'}>{byWhom(doc)}</Descriptions.Item>
        )}
        {doc.correction_reason && (
          <Descriptions.Item label="更正原因">{doc.correction_reason}</Descriptions.Item>
        )}
        {correctedBy && (
          <Descriptions.Item label="已更正">
            {byWhom(correctedBy)}，原因：{correctedBy.correction_reason}；此版本不再生效
          </Descriptions.Item>
        )}
      </Descriptions>
      {onCorrect && (
        <Button size="small" onClick={onCorrect} data-testid="admin-document-correct">
          更正
        </Button>
      )}
      {pending && (
        <Form layout="vertical" size="small">
          <Form.Item label="核定有效期" htmlFor={fieldId('expiry')}>
            <Space>
              <DatePicker
                id={fieldId('expiry')}
                allowClear={false}
                disabled={longTerm}
                value={expiresOn ? dayjs(expiresOn) : null}
                onChange={(d) => d && setExpiresOn(d.format('YYYY-MM-DD'))}
                data-testid="admin-document-expiry"
              />
              <Checkbox checked={longTerm} onChange={(e) => setLongTerm(e.target.checked)}>
                长期
              </Checkbox>
            </Space>
          </Form.Item>
          <Form.Item label="发证机关" htmlFor={fieldId('issuer')}>
            <Input
              id={fieldId('issuer')}
              value={issuer}
              maxLength={60}
              onChange={(e) => setIssuer(e.target.value)}
            />
          </Form.Item>
          {doc.grants.length > 0 && (
            <Form.Item
              label="证件载明的经营范围"
              extra="按证件原文勾选；企业可经营的范围以有效证件载明的为准"
            >
              <CheckboxList
                value={scopes}
                onChange={(v) => setScopes(v as ScopeClassCode[])}
                options={doc.grants.map((g) => ({ value: g.code, label: g.name }))}
                data-testid="admin-document-scopes"
              />
            </Form.Item>
          )}
          {proxy && (
            <>
              <Form.Item label="采购人员姓名" required htmlFor={fieldId('holder-name')}>
                <Input
                  id={fieldId('holder-name')}
                  value={holderName}
                  maxLength={20}
                  onChange={(e) => setHolderName(e.target.value)}
                />
              </Form.Item>
              <Form.Item label="采购人员身份证号码" required htmlFor={fieldId('holder-id-no')}>
                <Input
                  id={fieldId('holder-id-no')}
                  value={holderIdNo}
                  maxLength={18}
                  onChange={(e) => setHolderIdNo(e.target.value)}
                />
              </Form.Item>
            </>
          )}
          <Form.Item label="退回原因" htmlFor={fieldId('reason')}>
            <Input
              id={fieldId('reason')}
              value={reason}
              maxLength={200}
              placeholder="退回时必填，买家可见"
              onChange={(e) => setReason(e.target.value)}
            />
          </Form.Item>
          <DecisionButtons
            busy={busy}
            approveText="通过"
            approveTestId="admin-document-approve"
            onApprove={() =>
              onDecide({
                approve: true,
                long_term: longTerm,
                expires_on: longTerm ? undefined : (expiresOn ?? undefined),
                issuer: issuer || undefined,
                scopes: doc.grants.length > 0 ? scopes : undefined,
                holder_name: proxy ? holderName || undefined : undefined,
                holder_id_no: proxy ? holderIdNo || undefined : undefined,
              })
            }
            onRefuse={() => onDecide({ approve: false, reason: reason || undefined })}
          />
        </Form>
      )}
    </Card>
  );
}
