/**
 * Brand colours of the shop and the console: pharmacy green, with the price red Chinese
 * shoppers expect. Each reads at 4.5:1 or more as text on white and under white text (the green
 * #0a8f5a the console had gave 4.1:1).
 */
export const brandColors = { primary: '#0a7c4e', price: '#c62828', accent: '#b35500' } as const;

/**
 * antd tokens both SPAs share: links in the brand green, secondary text dark enough for WCAG AA
 * on white and on grey bars (antd's defaults, #1677ff links and 45% black, fall short).
 */
export const readableTokens = {
  colorPrimary: brandColors.primary,
  colorLink: brandColors.primary,
  // Danger buttons and error text: antd's #ff4d4f reads 3.4:1.
  colorError: brandColors.price,
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  // Placeholders that say what to type (选择省份或城市): 4.7:1, where antd's 25% black reads 1.6:1.
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  borderRadius: 4,
} as const;
