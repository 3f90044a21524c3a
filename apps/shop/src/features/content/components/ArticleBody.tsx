/**
 * A help article's or a news item's text: the HTML the server rendered from the operator's
 * Markdown and sanitised with its allow-list (apps/server/src/modules/content/markdown.ts: no
 * script, handler, style or foreign scheme survives), or the plain paragraphs of seeded text.
 */
export function ArticleBody({ html, paragraphs }: { html: string | null; paragraphs: string[] }) {
  if (html !== null)
    return <div className="ct-body" data-testid="article-html" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div className="ct-body">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
