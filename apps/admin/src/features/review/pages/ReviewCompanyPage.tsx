import type { ReviewDocument } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Card, Col, Descriptions, Result, Row, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { reviewStatusColors, reviewStatusLabels } from '../../../lib/review-labels';
import { useDecideCompany, useDecideDocument, useReviewCompany } from '../api/review';
import { CompanyDecision } from '../components/CompanyDecision';
import { CorrectionModal } from '../components/CorrectionModal';
import { DocumentCard } from '../components/DocumentCard';

/**
 * One company's review: its details and stores, each document (every version: a corrected one
 * beside the correction), then the company's decision.
 */
export default function ReviewCompanyPage() {
  const id = Number(useParams().id);
  const { message } = useFeedback();
  const { data: company, isLoading } = useReviewCompany(id);
  const decideDocument = useDecideDocument();
  const decideCompany = useDecideCompany();
  const [correcting, setCorrecting] = useState<ReviewDocument | null>(null);
  if (isLoading) return <Spin />;
  if (!company) return <Result status="404" title="企业不存在" />;
  const status = company.qualification_status as keyof typeof reviewStatusLabels;
  const done = (text: string) => () => void message.success(text);
  return (
    <>
      <Card
        title={company.name}
        extra={<Tag color={reviewStatusColors[status]}>{reviewStatusLabels[status] ?? status}</Tag>}
        data-testid="admin-review-company"
      >
        <Descriptions size="small" column={2}>
          <Descriptions.Item label="企业类型">{company.type_name}</Descriptions.Item>
          <Descriptions.Item label="联系人">
            {company.contact_name} {company.contact_phone}
          </Descriptions.Item>
          <Descriptions.Item label="地址" span={2}>
            {company.address}
          </Descriptions.Item>
          <Descriptions.Item label="门店账号" span={2}>
            {company.stores.map((s) => `${s.store_name}（${s.phone}）`).join('，')}
          </Descriptions.Item>
          {company.qualification_note && (
            <Descriptions.Item label="审核意见" span={2}>
              {company.qualification_note}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {company.licence_gaps.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          message={`按${company.type_name}所需证件，审核通过的证件中${company.licence_gaps.join('；')}：企业通过后仍不能下单，直至补齐`}
          data-testid="admin-licence-gaps"
        />
      )}
      <Row gutter={[16, 16]} style={{ margin: '16px 0' }}>
        {company.documents.map((doc) => (
          <Col key={doc.id} xs={24} md={12} xl={8}>
            <DocumentCard
              doc={doc}
              correctedBy={company.documents.find((d) => d.id === doc.superseded_by)}
              busy={decideDocument.isPending}
              onCorrect={
                (doc.status === 'approved' || doc.status === 'rejected') && doc.superseded_by === null
                  ? () => setCorrecting(doc)
                  : undefined
              }
              onDecide={(decision) =>
                decideDocument.mutate(
                  { companyId: company.id, documentId: doc.id, ...decision },
                  { onSuccess: done(decision.approve ? '证件已通过' : '证件已退回') },
                )
              }
            />
          </Col>
        ))}
      </Row>
      <CorrectionModal companyId={company.id} doc={correcting} onClose={() => setCorrecting(null)} />
      <CompanyDecision
        company={company}
        busy={decideCompany.isPending}
        onDecide={(decision) =>
          decideCompany.mutate(
            { companyId: company.id, ...decision },
            { onSuccess: done(decision.approve ? '企业资质已通过，已通知买家' : '已退回，已通知买家') },
          )
        }
      />
    </>
  );
}
