/**
 * Markdown of the help articles to HTML with `marked`, on the server (decision 022): the console
 * receives finished, safe HTML and ships no Markdown parser. Raw HTML in a source file is escaped
 * (shown as text, never markup), images are reduced to their text, and links keep only safe
 * targets: console paths (`/…`), `#anchors`, `mailto:` and `https:` (those open in a new tab).
 */
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../../lib/html.js';

const SAFE_HREF = /^(https:|mailto:|\/(?!\/)|#)/i;

type InlineParser = { parser: { parseInline: (t: Tokens.Generic[]) => string } };

const md = new Marked({ gfm: true, breaks: false });
md.use({
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
    image: (token: Tokens.Image) => escapeHtml(token.text),
    link(this: InlineParser, token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      if (!SAFE_HREF.test(token.href)) return text;
      const external = /^https:/i.test(token.href) ? ' target="_blank" rel="noopener noreferrer"' : '';
      return `<a href="${escapeHtml(token.href)}"${external}>${text}</a>`;
    },
  },
});

export const renderMarkdown = (markdown: string): string => md.parse(markdown, { async: false });

/** The text of a Markdown body without its markup, for the search index and excerpts. */
export function markdownText(markdown: string): string {
  return (
    markdown
      .replace(/`([^`]*)`/g, '$1')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      // A heading reads as the start of its section in excerpts: "Who can refund — Refunds are…".
      .replace(/^#{1,6}\s+(.*)$/gm, '$1 —')
      .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
      .replace(/[*_>]/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}
