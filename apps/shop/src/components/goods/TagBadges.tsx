import { badgeStyle } from '@yaocai/domain';

/** Goods tag badges (spec section 3): 优 秒 满 换购 赠 特 新, each with its own colour (domain badges.ts). */
export function TagBadges({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <span>
      {tags.map((tag) => (
        <Badge key={tag} kind={tag} />
      ))}
    </span>
  );
}

/** One badge of the domain's table; `children` replaces its text (the detail page's labels). */
export function Badge({ kind, children }: { kind: string; children?: React.ReactNode }) {
  const style = badgeStyle(kind);
  return (
    <span className="yc-tag" title={style.title} style={{ background: style.background }}>
      {children ?? kind}
    </span>
  );
}
