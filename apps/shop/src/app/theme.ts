import type { ThemeConfig } from 'antd';

/** Brand colours: pharmacy green, with the price red Chinese shoppers expect. */
export const brandColors = { primary: '#0a7c4e', price: '#c62828', accent: '#b35500' } as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brandColors.primary,
    // Links in the brand green, and secondary text dark enough for WCAG AA (4.5:1) on white and
    // on the grey top bar: antd's defaults (#1677ff links, 45% black) fall short.
    colorLink: brandColors.primary,
    colorError: brandColors.price,
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 4,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  },
};
