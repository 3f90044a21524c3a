import { useFeedback } from '@yaocai/web-client/feedback';
import type { ReactNode } from 'react';
import { useUserBase } from './api/user-base';
import { qualityReportAction } from './quality-report';

/** 质检报告: opens the report address, or explains why there is none. */
export function QualityReportLink({ children = '质检报告查询' }: { children?: ReactNode }) {
  const { modal } = useFeedback();
  const { user } = useUserBase(false);
  const onClick = () => {
    const action = qualityReportAction(user.quality_inspection);
    if (action.kind === 'open') window.open(action.url, '_blank', 'noopener');
    else if (action.kind === 'alert')
      modal.info({ title: '温馨提示', content: action.text, okText: '知道了' });
    else modal.info({ title: '温馨提示', content: '质检报告暂未上传，请联系客服获取。', okText: '知道了' });
  };
  return (
    <button type="button" className="sh-linkbtn" onClick={onClick} data-testid="quality-report">
      {children}
    </button>
  );
}
