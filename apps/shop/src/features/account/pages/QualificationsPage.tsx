import { beijingToday, licenceExpiryNotice, type QualificationItem } from '@yaocai/domain';
import { Alert, Button, Space, Spin, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';
import { useBusinessScope, useQualifications } from '../api/qualifications';

// The renewal form (licence fields with their select and date picker, the upload) loads when the
// buyer first asks to upload a licence.
const RenewLicenceDialog = lazy(() => import('../components/RenewLicenceDialog'));

const statusTag: Record<string, { color: string; name: string }> = {
  approved: { color: 'green', name: '已通过' },
  pending: { color: 'orange', name: '审核中' },
  rejected: { color: 'red', name: '未通过' },
  replaced: { color: 'default', name: '已更新' },
};

/** The licence's expiry warning with the colour of its tag. */
function expiry(q: QualificationItem, today: string) {
  const notice = licenceExpiryNotice(q, today);
  return { left: notice.left, text: notice.text, color: notice.level ?? undefined };
}

/**
 * /zzzj 资质证件: the company's licences (the current version of each: one 质管 corrected says so),
 * their validity and scope; upload a renewal.
 */
export default function QualificationsPage() {
  const { data: list = [], isPending } = useQualifications();
  const scope = useBusinessScope();
  // Each renewal mounts a fresh dialog (a new key): its form starts empty, with the type asked for.
  const [renewal, setRenewal] = useState<{ key: number; kind?: string; open: boolean }>();
  const today = beijingToday(new Date());
  const due = list.filter((q) => {
    const e = expiry(q, today);
    return e.text !== null;
  });
  const waiting = new Set(list.filter((q) => q.status === 'pending').map((q) => q.kind));

  const start = (kind?: string) => setRenewal((r) => ({ key: (r?.key ?? 0) + 1, kind, open: true }));

  return (
    <Card
      className="sh-container"
      title="资质证件"
      data-testid="qualifications-page"
      extra={
        <Button type="primary" onClick={() => start()} data-testid="renew-any">
          上传新证件
        </Button>
      }
    >
      {/* Until the licences arrive the card shows only that it loads: the warnings above the
          table would otherwise push a loading table down as they arrive (layout shift). */}
      {isPending ? (
        <div className="sh-card-loading">
          <Spin />
        </div>
      ) : (
        <>
          {due.map((q) => (
            <Alert
              key={q.id}
              type={expiry(q, today).left <= 7 ? 'error' : 'warning'}
              showIcon
              style={{ marginBottom: 8 }}
              message={`${q.kind_name}（${q.number}）${expiry(q, today).text}，到期后将无法下单${
                waiting.has(q.kind) ? '；新证件审核中' : '，请尽快上传新证件'
              }`}
              data-testid="licence-warning"
            />
          ))}
          <LightTable<QualificationItem>
            rowKey="id"
            pagination={false}
            dataSource={list}
            onRow={(q) =>
              ({ 'data-testid': 'licence-row', 'data-status': q.status }) as React.HTMLAttributes<HTMLElement>
            }
            columns={[
              {
                title: '证件',
                render: (_, q) => (
                  <>
                    <div>{q.kind_name}</div>
                    {q.issuer && <div style={{ color: '#666', fontSize: 12 }}>{q.issuer}</div>}
                  </>
                ),
              },
              {
                title: '证件编号',
                render: (_, q) => (
                  <>
                    <div>{q.number}</div>
                    {q.holder_name && (
                      <div style={{ color: '#666', fontSize: 12 }}>采购人员：{q.holder_name}</div>
                    )}
                  </>
                ),
              },
              {
                title: '载明经营范围',
                render: (_, q) =>
                  q.scopes.length === 0 ? (
                    <span style={{ color: '#666' }}>—</span>
                  ) : (
                    <span data-testid="licence-scopes">{q.scopes.map((s) => s.name).join('、')}</span>
                  ),
              },
              {
                title: '有效期至',
                width: 170,
                render: (_, q) => {
                  const e = expiry(q, today);
                  return (
                    <Space size={4} style={{ whiteSpace: 'nowrap' }}>
                      <span>{q.expires_on ?? '长期'}</span>
                      {e.text && <Tag color={e.color}>{e.text}</Tag>}
                    </Space>
                  );
                },
              },
              {
                title: '状态',
                render: (_, q) => (
                  <>
                    <Tag color={statusTag[q.status]?.color}>{statusTag[q.status]?.name ?? q.status}</Tag>
                    {q.correction_reason && (
                      <div style={{ color: '#666', fontSize: 12 }} data-testid="licence-corrected">
                        已由质管更正：{q.correction_reason}
                      </div>
                    )}
                  </>
                ),
              },
              {
                title: '文件',
                width: 64,
                render: (_, q) => (
                  <a href={q.file.url} target="_blank" rel="noreferrer">
                    查看
                  </a>
                ),
              },
              {
                title: '操作',
                render: (_, q) =>
                  q.status === 'approved' && !waiting.has(q.kind) ? (
                    <Button size="small" onClick={() => start(q.kind)} data-testid="renew-licence">
                      更新证件
                    </Button>
                  ) : null,
              },
            ]}
          />
          {scope.data?.refusal && (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 16 }}
              message={`暂不能下单：${scope.data.refusal}`}
              data-testid="licence-refusal"
            />
          )}
          <div style={{ marginTop: 16 }} data-testid="business-scope">
            <strong>可经营范围：</strong>
            {(scope.data?.list ?? []).length === 0 ? (
              <span style={{ color: '#707070' }}>审核通过后显示</span>
            ) : (
              scope.data?.list.map((s) => (
                <Tag key={s.code} color="blue">
                  {s.name}
                </Tag>
              ))
            )}
          </div>
        </>
      )}
      {renewal && (
        <Suspense fallback={null}>
          <RenewLicenceDialog
            key={renewal.key}
            open={renewal.open}
            kind={renewal.kind}
            waiting={waiting}
            onClose={() => setRenewal({ ...renewal, open: false })}
          />
        </Suspense>
      )}
    </Card>
  );
}
