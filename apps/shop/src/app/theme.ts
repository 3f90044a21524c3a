import { brandColors, readableTokens } from '@yaocai/web-client/brand';
import type { ThemeConfig } from 'antd';

export { brandColors };

export const theme: ThemeConfig = {
  token: {
    ...readableTokens,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  },
};
