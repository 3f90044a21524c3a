// The goods badges (spec section 3: 优 秒 满 换购 赠 特 新, plus 控销 and the detail page's
// promotion labels), each with its title and background. White 12 px text sits on every
// background, so each must reach WCAG AA's 4.5:1 against white (badges.test.ts checks every one):
// a badge kind is only live on the days its activity runs, so a journey cannot be trusted to see
// each colour.

export interface BadgeStyle {
  /** What the badge means, for its tooltip and screen readers. */
  title: string;
  /** Background colour, #rrggbb; the text is white. */
  background: string;
}

export const badgeStyles = {
  优: { title: '优选包邮', background: '#0a7c4e' },
  秒: { title: '秒杀', background: '#c62828' },
  满: { title: '满减', background: '#b35500' },
  换购: { title: '加价换购', background: '#7b2fd0' },
  赠: { title: '买赠', background: '#c2185b' },
  特: { title: '特价', background: '#d4380d' },
  新: { title: '新品', background: '#0958d9' },
  控销: { title: '控销商品：限定客户类型或地区销售', background: '#6a3fc8' },
  满减: { title: '满减活动', background: '#b35500' },
  包邮: { title: '单品包邮', background: '#0a7c4e' },
} as const satisfies Record<string, BadgeStyle>;

export type BadgeKind = keyof typeof badgeStyles;

/** A tag the table does not know (an operator's own) gets a neutral grey that still reads. */
export const otherBadge: BadgeStyle = { title: '', background: '#6b6b6b' };

export function badgeStyle(tag: string): BadgeStyle {
  const known = (badgeStyles as Record<string, BadgeStyle>)[tag];
  return known ?? { ...otherBadge, title: tag };
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
