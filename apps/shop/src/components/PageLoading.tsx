import { Spin } from 'antd';

/**
 * A page waiting for its data: a spinner in a box a screen tall, so the footer stays below the
 * fold until the content arrives instead of jumping down with it (Lighthouse's layout shift).
 */
export function PageLoading() {
  return <Spin style={{ display: 'block', padding: 80, minHeight: '100vh' }} />;
}
