import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The white panel the login-style pages (login, register, forgot password) put their forms in. */
export function AuthCard({
  title,
  width = 520,
  children,
}: {
  title: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <div style={{ padding: '40px 16px 64px', display: 'flex', justifyContent: 'center' }}>
      <Card title={title} style={{ width, maxWidth: '100%' }} styles={{ header: { fontSize: 18 } }}>
        {children}
      </Card>
    </div>
  );
}
