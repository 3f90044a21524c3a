import type { ReactNode } from 'react';

/**
 * A full-width notice (403, no role, a failed chunk): big code, title and text. Plain markup:
 * antd's Result carries its illustrations into the first load of every screen.
 */
export function Notice(props: {
  code: string;
  title: string;
  children: ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="ad-notice" data-testid={props.testId}>
      <div className="ad-notice__code">{props.code}</div>
      <h2 className="ad-notice__title">{props.title}</h2>
      <p className="ad-notice__text">{props.children}</p>
      {props.extra}
    </div>
  );
}
