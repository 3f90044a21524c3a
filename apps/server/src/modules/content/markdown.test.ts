import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainParagraphs, renderMarkdown } from './markdown';

/** The tags of some HTML (text between tags is text, escaped, and harmless). */
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];
const ALLOWED =
  /^<\/?(p|br|h2|h3|h4|ul|ol|li|strong|em|del|blockquote|code|pre|hr|a|img|table|thead|tbody|tr|th|td)\b/;
function expectSafe(html: string) {
  for (const tag of tagsOf(html)) {
    expect(tag).toMatch(ALLOWED);
    expect(tag).not.toMatch(/\son\w+=|style=|javascript:|vbscript:|data:|src="\/\/|href="\/\//i);
  }
  // No raw angle bracket outside a tag: text is escaped.
  expect(html.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
}

describe('help article Markdown', () => {
  it('renders headings, lists, emphasis, links and tables', () => {
    const html = renderMarkdown(
      '# 标题\n\n**重要**：请在 *24 小时* 内付款。\n\n- 第一条\n- 第二条\n\n[联系我们](/help/us/link) · [官网](https://example.com)\n\n| 项 | 值 |\n| - | - |\n| 运费 | 15 |',
    );
    expect(html).toContain('<h2>标题</h2>');
    expect(html).toContain('<strong>重要</strong>');
    expect(html).toContain('<em>24 小时</em>');
    expect(html).toContain('<li>第一条</li>');
    expect(html).toContain('<a href="/help/us/link">联系我们</a>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">官网</a>',
    );
    expect(html).toContain('<td>运费</td>');
  });

  it('drops scripts, handlers, styles and unsafe links', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(1)">',
        '<p style="color:red" onclick="alert(1)">段落</p>',
        '[点我](javascript:alert(1))',
        '[点我](//evil.example/x)',
        '<iframe src="https://evil.example"></iframe>',
        '![图](data:image/svg+xml,<svg onload=alert(1)>)',
      ].join('\n\n'),
    );
    expectSafe(html);
    expect(html).not.toContain('evil.example"');
    expect(html).toContain('段落');
  });

  it('never lets a tag or attribute outside the allow-list through, whatever is typed', () => {
    const piece = fc.constantFrom(
      '<script>x</script>',
      '<svg onload=x>',
      '<a href="javascript:x">a</a>',
      '<div onmouseover=x>d</div>',
      '**b**',
      '\n\n',
      '<img src="javascript:x">',
      '<style>*{}</style>',
      '文字',
      '<object data=x>',
      '[l](vbscript:x)',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        expectSafe(renderMarkdown(pieces.join('')));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the plain text as paragraphs', () => {
    expect(plainParagraphs('## 配送\n\n**满800元**包邮\n\n- 顺丰')).toEqual(['配送', '满800元包邮', '顺丰']);
  });
});
