import { Button } from 'antd';
import { Notice } from './Notice';

/** A screen that failed to load (a new deployment replaced its chunk, the network dropped). */
export function PageError() {
  return (
    <Notice
      code="!"
      title="页面加载失败"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新
        </Button>
      }
    >
      请检查网络后刷新页面重试。
    </Notice>
  );
}
