/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/` for a visitor: what the product is, for whom and how it works (content/pages/home.<lang>.md),
 * calls to action, and the live figure "total raised across active campaigns" in place of the
 * content's `{{liveTotal}}` line.
 */
import { formatMoney } from '@fc/contracts/money';
import { withLang } from '../lib/links';
import type { ContentPage } from '../lib/server/content';
import { escapeHtml, markdownToHtml } from '../lib/server/markdown';
import { type Language, tFor } from '../lib/strings';

export interface LiveTotal {
  raisedCents: number;
  campaigns: number;
}

export const LIVE_TOTAL_LINE = '<p>{{liveTotal}}</p>';

export function HomePage({ lang, content, total }: { lang: Language; content: ContentPage; total: LiveTotal }) {
  const t = tFor(lang);
  const amount = formatMoney(total.raisedCents, lang, { whole: true });
  const figure =
    `<p class="live-total" data-testid="live-total"><strong>${escapeHtml(amount)}</strong> ` +
    `<span>${escapeHtml(`${t('site.landing.liveTotal')} · ${t('site.landing.campaigns', { count: total.campaigns })}`)}</span></p>`;
  // The content is Markdown without raw HTML (lib/server/markdown.ts); the figure is our own
  // markup around a formatted number and our own strings.
  const body = markdownToHtml(content.body, lang).replace(LIVE_TOTAL_LINE, () => figure);
  return (
    <article class="prose home">
      <section class="hero">
        <h1>{content.title}</h1>
        <p class="lead">{content.description}</p>
        <p class="actions">
          <a class="button primary" href={withLang('/onboarding/team', lang)}>
            {t('site.landing.getStarted')}
          </a>
          <a class="button" href={withLang('/how-it-works', lang)}>
            {t('site.landing.howItWorks')}
          </a>
        </p>
      </section>
      {/* Markdown rendered with raw HTML escaped. */}
      <div dangerouslySetInnerHTML={{ __html: body }} />
    </article>
  );
}
