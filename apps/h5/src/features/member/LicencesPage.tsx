import { licenceExpiryNotice } from '@yaocai/domain/compliance/licences';
import { beijingToday } from '@yaocai/domain/time/beijing';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import List from 'antd-mobile/es/components/list';
import { Screen } from '../../components/Screen';
import { useLicences } from './api/member';

const statusName: Record<string, string> = {
  approved: '已通过',
  pending: '审核中',
  rejected: '未通过',
  replaced: '已更新',
};

/** 资质证件: the company's licences, their validity and the 60/30/7-day expiry warnings. */
export default function LicencesPage() {
  const licences = useLicences();
  const today = beijingToday(new Date());
  const warned = (licences.data ?? [])
    .map((q) => ({ q, notice: licenceExpiryNotice(q, today) }))
    .filter((x) => x.notice.text);
  return (
    <Screen title="资质证件">
      {licences.isPending ? <DotLoading /> : null}
      {warned.map(({ q, notice }) => (
        <p key={q.id} className={`m-notice m-notice--${notice.level}`} role="alert">
          {q.kind_name}（{q.number}）{notice.text}，到期后将无法下单，请在电脑版上传新证件
        </p>
      ))}
      <List>
        {licences.data?.map((q) => {
          const notice = licenceExpiryNotice(q, today);
          return (
            <List.Item
              key={q.id}
              description={`${q.number} · 有效期至 ${q.expires_on ?? '长期'}${q.scopes.length ? ` · ${q.scopes.map((s) => s.name).join('、')}` : ''}`}
              extra={
                notice.text ? (
                  <span className={notice.level === 'red' ? 'm-warn' : 'm-orange'}>{notice.text}</span>
                ) : (
                  (statusName[q.status] ?? q.status)
                )
              }
            >
              {q.kind_name}
            </List.Item>
          );
        })}
      </List>
    </Screen>
  );
}
