/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * How It Works, Our Story, Privacy Policy, Terms & Conditions: the content file's title as the
 * page's only `<h1>`, its Markdown body, and for the legal pages the date they last changed.
 */
import type { ContentPage, MarketingSlug } from '../lib/server/content';
import { markdownToHtml } from '../lib/server/markdown';
import { type Language, tFor } from '../lib/strings';

const DATED: readonly MarketingSlug[] = ['privacy-policy', 'terms-and-conditions'];
const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/** `2026-11-26` → "November 26, 2026" / "26 de noviembre de 2026" (one formatter per language). */
export function formatDay(iso: string, lang: Language): string {
  let f = dayFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'es' ? 'es' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(lang, f);
  }
  return f.format(new Date(`${iso}T00:00:00Z`));
}

export interface MarketingPageProps {
  lang: Language;
  slug: MarketingSlug;
  content: ContentPage;
}

export function MarketingPage({ lang, slug, content }: MarketingPageProps) {
  const t = tFor(lang);
  return (
    <article class="prose">
      <h1>{content.title}</h1>
      {DATED.includes(slug) && content.updated && (
        <p class="updated">{t('site.page.updated', { date: formatDay(content.updated, lang) })}</p>
      )}
      {/* Markdown rendered with raw HTML escaped. */}
      <div dangerouslySetInnerHTML={{ __html: markdownToHtml(content.body, lang) }} />
    </article>
  );
}
