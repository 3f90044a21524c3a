import { CustomerServiceOutlined, PhoneOutlined } from '@ant-design/icons';
import { useUserBase } from './api/user-base';
import { serviceLabel } from './quality-report';

/** Header right part: assigned customer service, hot line and complaint hotline (spec 1). */
export function ServiceContact() {
  const { user } = useUserBase(false);
  const config = user.common_config;
  const admin = user.admin;
  return (
    <div className="sh-service" data-testid="header-service">
      {admin ? (
        <div className="sh-service__row">
          <CustomerServiceOutlined />
          <span className="sh-service__label">{serviceLabel(admin)}：</span>
          <span>
            {admin.name} {admin.phone}
          </span>
        </div>
      ) : null}
      {config?.hot_line ? (
        <div className="sh-service__row sh-service__hot" data-testid="header-hotline">
          <PhoneOutlined />
          <span className="sh-service__label">客服热线：</span>
          <strong>{config.hot_line}</strong>
        </div>
      ) : null}
      {config?.complaint_line ? (
        <div className="sh-service__row">
          <span className="sh-service__label">投诉热线：</span>
          <span>{config.complaint_line}</span>
        </div>
      ) : null}
    </div>
  );
}
