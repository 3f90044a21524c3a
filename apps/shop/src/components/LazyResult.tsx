import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

const Result = lazy(() => import('antd/es/result'));

/**
 * antd's Result, loaded when shown: for a page's rare dead end (the record it was asked for does
 * not exist), whose 404 illustration should stay as it is without riding on every first load
 * (Result carries its 403, 404 and 500 drawings, about 36 KB of SVG before compression).
 */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
