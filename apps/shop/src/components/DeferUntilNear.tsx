import { type ReactNode, useRef } from 'react';
import { useNearViewport } from '../lib/near-viewport';

interface Props {
  /** Height the stand-in keeps, so the page below does not jump when the part arrives. */
  minHeight: number;
  /** The part's test id, carried by the stand-in too (tests scroll to it). */
  testId: string;
  children: ReactNode;
}

/**
 * A part below the fold (a home floor): mounted, with its data calls, only once the buyer scrolls
 * near it. Until then an empty section of its height stands in.
 */
export function DeferUntilNear({ minHeight, testId, children }: Props) {
  const standIn = useRef<HTMLElement>(null);
  const near = useNearViewport(standIn);
  if (near) return children;
  return <section ref={standIn} className="yc-section" data-testid={testId} style={{ minHeight }} />;
}
