import { Button, Result } from 'antd';

/** A screen that failed to load (a new deployment replaced its chunk, the network dropped). */
export function PageError() {
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle="请检查网络后刷新页面重试。"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新
        </Button>
      }
    />
  );
}
