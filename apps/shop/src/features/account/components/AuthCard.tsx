import type { ReactNode } from 'react';

/**
 * The white panel the login-style pages (login, register, forgot password) put their forms in.
 * Plain markup in antd's card look: antd's Card brings Tabs, Dropdown, Menu and Skeleton with it
 * (about 17 KB on the wire), which the first page a visitor meets does not need.
 */
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
    <div className="sh-auth">
      <section className="sh-auth__card" style={{ width }} aria-labelledby="sh-auth-title">
        <h1 className="sh-auth__title" id="sh-auth-title">
          {title}
        </h1>
        <div className="sh-auth__body">{children}</div>
      </section>
    </div>
  );
}
