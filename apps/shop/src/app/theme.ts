import type { ThemeConfig } from 'antd';

/** Brand colours: pharmacy green, with the price red Chinese shoppers expect. */
export const brandColors = { primary: '#0a8f5a', price: '#e4393c', accent: '#ff7a00' } as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brandColors.primary,
    borderRadius: 4,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  },
};
