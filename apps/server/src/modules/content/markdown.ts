import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Help articles are written in Markdown in the console and shown as HTML in the shop. The HTML
// is made here, on the server, at save time: Markdown to HTML (marked), then through an
// allow-list (sanitize-html), so whatever an operator (or a stolen operator session) types,
// the shop receives no script, no event handler, no style and no link to anything but http(s),
// mail or a path of this site.

const marked = new Marked({ gfm: true, breaks: true, async: false });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'blockquote',
    'code',
    'pre',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Headings start at h2: the page's title is the h1.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
        : attribs,
    }),
  },
};

/** Markdown -> safe HTML for the shop. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, allowed).trim();
}

/** The plain-text paragraphs of a Markdown text (kept beside the HTML for search and summaries). */
export function plainParagraphs(markdown: string): string[] {
  return sanitizeHtml(marked.parse(markdown) as string, {
    allowedTags: [],
    allowedAttributes: {},
    textFilter: (text) => text,
    // Block ends become paragraph breaks.
    exclusiveFilter: () => false,
  })
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}
