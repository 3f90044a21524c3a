import NavBar from 'antd-mobile/es/components/nav-bar';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface ScreenProps {
  title: ReactNode;
  right?: ReactNode;
  /** A bar fixed at the bottom (add to cart, submit), kept clear of the home indicator. */
  footer?: ReactNode;
  children: ReactNode;
}

/** A full screen below a back bar; back goes home when the screen was opened directly. */
export function Screen({ title, right, footer, children }: ScreenProps) {
  const navigate = useNavigate();
  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <div className={footer ? 'm-screen m-screen--footer' : 'm-screen'}>
      <header className="m-screen__bar">
        <NavBar onBack={back} right={right} backIcon backArrow>
          {title}
        </NavBar>
      </header>
      <main className="m-screen__body">{children}</main>
      {footer ? <div className="m-footer-bar">{footer}</div> : null}
    </div>
  );
}
