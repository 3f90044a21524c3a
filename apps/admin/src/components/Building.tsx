import { Result } from 'antd';

/** A console screen whose work is still under way: names the feature. */
export function Building({ feature }: { feature: string }) {
  return (
    <Result
      status="info"
      title={`「${feature}」功能建设中`}
      subTitle={`${feature}的操作界面正在开发，上线后将在此处提供。`}
      data-testid="admin-building"
    />
  );
}
