import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

interface Props {
  status: 'success' | 'info' | 'warning' | 'error';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

const icons = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: WarningFilled,
  error: CloseCircleFilled,
};

/**
 * The end of a flow (registered, password reset), or a state a page cannot go on from (an order
 * paid or unknown, checkout refused), in antd Result's look: plain markup, as PageError, because
 * antd's Result carries its 403, 404 and 500 illustrations (about 36 KB of SVG before
 * compression) into every page that shows one.
 */
export function Outcome({ status, title, subTitle, extra }: Props) {
  const Icon = icons[status];
  return (
    <div className={`sh-outcome sh-outcome--${status}`}>
      <Icon className="sh-outcome__icon" aria-hidden />
      <h2 className="sh-outcome__title">{title}</h2>
      {subTitle && <div className="sh-outcome__sub">{subTitle}</div>}
      {extra && <div className="sh-outcome__extra">{extra}</div>}
    </div>
  );
}
