/**
 * Markdown of the content files to HTML with `marked`. The content is ours, but raw HTML is still
 * never let through (content/README.md forbids it; a slip shows as text, not markup), and site
 * links keep the reader's language (`/how-it-works` → `/how-it-works?lang=es`).
 */
import { Marked, type Tokens } from 'marked';
import { withLang } from '../links';
import type { Language } from '../strings';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const SAFE_SCHEME = /^(https?:|mailto:|\/|#)/i;

function markedFor(lang: Language): Marked {
  const md = new Marked({ gfm: true, breaks: false });
  md.use({
    renderer: {
      html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
      link(this: { parser: { parseInline: (t: Tokens.Generic[]) => string } }, token: Tokens.Link) {
        const text = this.parser.parseInline(token.tokens);
        if (!SAFE_SCHEME.test(token.href)) return text;
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        return `<a href="${escapeHtml(withLang(token.href, lang))}"${title}>${text}</a>`;
      },
    },
  });
  return md;
}

const parsers = new Map<Language, Marked>();

export function markdownToHtml(markdown: string, lang: Language): string {
  let md = parsers.get(lang);
  if (!md) {
    md = markedFor(lang);
    parsers.set(lang, md);
  }
  return md.parse(markdown, { async: false });
}
