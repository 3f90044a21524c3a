import {
  type CompanyDecisionInput,
  type ReviewCompany,
  type ScopeClassCode,
  scopeClasses,
} from '@yaocai/domain';
import { CheckboxList } from '@yaocai/web-client/checkbox-list';
import { Card, Input } from 'antd';
import { useState } from 'react';
import { DecisionButtons } from './DecisionButtons';

interface Props {
  company: ReviewCompany;
  busy: boolean;
  onDecide(decision: CompanyDecisionInput): void;
}

/**
 * The company's decision: its business scope (经营范围) when approved, the reason when refused. The
 * scope follows the server's proposal (it changes as documents are decided) until the reviewer
 * ticks a box; from then on it is the reviewer's, whatever answer arrives after.
 */
export function CompanyDecision({ company, busy, onDecide }: Props) {
  const [edited, setScope] = useState<ScopeClassCode[] | null>(null);
  const scope = edited ?? (company.business_scope as ScopeClassCode[]);
  const [reason, setReason] = useState('');
  return (
    <Card size="small" title="企业审核结论" data-testid="admin-company-decision">
      <div style={{ marginBottom: 8 }}>核定经营范围</div>
      <CheckboxList
        value={scope}
        onChange={(v) => setScope(v as ScopeClassCode[])}
        options={scopeClasses.map((c) => ({ value: c.code, label: c.name }))}
      />
      <Input.TextArea
        rows={2}
        maxLength={200}
        value={reason}
        placeholder="退回原因（退回时必填，将通过站内信和短信告知买家）"
        onChange={(e) => setReason(e.target.value)}
        style={{ margin: '12px 0' }}
      />
      <DecisionButtons
        busy={busy}
        approveText="审核通过"
        approveTestId="admin-company-approve"
        onApprove={() => onDecide({ approve: true, business_scope: scope })}
        onRefuse={() => onDecide({ approve: false, reason: reason || undefined })}
      />
    </Card>
  );
}
