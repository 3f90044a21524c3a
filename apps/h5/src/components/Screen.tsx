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
        <button type="button" className="m-screen__back" aria-label="返回" onClick={back}>
          ‹
        </button>
        <h1 className="m-screen__title">{title}</h1>
        <div className="m-screen__right">{right}</div>
      </header>
      <main className="m-screen__body">{children}</main>
      {footer ? <div className="m-footer-bar">{footer}</div> : null}
    </div>
  );
}
