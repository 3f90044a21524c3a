/** Goods tag badges (spec section 3): 优 秒 满 换购 赠 特 新, each with its own colour. */
const tagColors: Record<string, string> = {
  优: '#0a7c4e',
  秒: '#c62828',
  满: '#b35500',
  换购: '#b05cff',
  赠: '#ff4d94',
  特: '#d4380d',
  新: '#1677ff',
  控销: '#6a3fc8',
};

const tagTitles: Record<string, string> = {
  优: '优选包邮',
  秒: '秒杀',
  满: '满减',
  换购: '加价换购',
  赠: '买赠',
  特: '特价',
  新: '新品',
  控销: '控销商品：限定客户类型或地区销售',
};

export function TagBadges({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <span>
      {tags.map((tag) => (
        <span
          key={tag}
          className="yc-tag"
          title={tagTitles[tag] ?? tag}
          style={{ background: tagColors[tag] ?? '#8c8c8c' }}
        >
          {tag}
        </span>
      ))}
    </span>
  );
}
