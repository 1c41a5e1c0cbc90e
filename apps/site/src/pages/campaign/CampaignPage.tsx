/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/campaigns/{slug}` (spec §2, issue 14): the campaign's picture, title, organization and dates,
 * its short description and story, the progress card with the Donate link, the top players with
 * the player search (island), the recent supporters and the share card (island). Everything a
 * visitor reads is in the server's HTML.
 */
import { PlayerSearch } from '../../islands/PlayerSearch';
import { Island } from '../../lib/island';
import { type Language, STRINGS, tFor } from '../../lib/strings';
import type { Tree } from '../../lib/t';
import { SponsorsBand } from '../sponsorship/parts';
import { DonateCard, Heading, PublicColumns, Share, Supporters } from './parts';
import type { CampaignPageData } from './types';

/** A calendar date (`YYYY-MM-DD`) in the page language, read as a date (no time zone shift). */
const dayFormats = new Map<Language, Intl.DateTimeFormat>();
export function formatDay(day: string, lang: Language): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  let format = dayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(lang, format);
  }
  return format.format(new Date(Date.UTC(y, m - 1, d)));
}

/** The strings the search island needs, as a tree for the site's `t` (once per language). */
const searchStrings = new Map<Language, Tree>();
export function playerSearchStrings(lang: Language): Tree {
  let tree = searchStrings.get(lang);
  if (!tree) {
    const pub = STRINGS[lang].public as Tree;
    const progress = pub.progress as Tree;
    tree = {
      public: {
        leaderboard: pub.leaderboard as Tree,
        progress: { donors_one: progress.donors_one as string, donors_other: progress.donors_other as string },
      },
    };
    searchStrings.set(lang, tree);
  }
  return tree;
}

export function CampaignPage({ lang, c, url }: { lang: Language; c: CampaignPageData; url: string }) {
  const t = tFor(lang);
  const dates =
    c.startDate && c.endDate
      ? t('public.campaign.dates', { start: formatDay(c.startDate, lang), end: formatDay(c.endDate, lang) })
      : c.endDate
        ? t('public.campaign.until', { end: formatDay(c.endDate, lang) })
        : null;
  const story = c.story?.trim() || null;
  return (
    <article class="public-page">
      <Heading imageUrl={c.imageUrl} title={c.title}>
        <p class="muted">
          {c.organizationName}
          {dates ? ` · ${dates}` : ''}
        </p>
      </Heading>
      <PublicColumns
        donate={<DonateCard lang={lang} p={c} donatePath={`/campaigns/${encodeURIComponent(c.slug)}/donate`} />}
        main={
          <>
            <section class="card" aria-labelledby="about-title">
              <h2 id="about-title">{t('public.campaign.about')}</h2>
              {c.shortDescription && (
                <p class="campaign-short" data-testid="campaign-short">
                  {c.shortDescription}
                </p>
              )}
              {(story || !c.shortDescription) && (
                <p class="story" data-testid="campaign-story">
                  {story ?? t('public.campaign.noStory')}
                </p>
              )}
            </section>
            <section class="card" aria-labelledby="leaderboard-title">
              <h2 id="leaderboard-title">{t('public.leaderboard.title')}</h2>
              <Island
                name="players"
                component={PlayerSearch}
                props={{ slug: c.slug, lang, entries: c.leaderboard, strings: playerSearchStrings(lang) }}
              />
            </section>
            <Supporters lang={lang} supporters={c.supporters} />
            <SponsorsBand lang={lang} sponsors={c.sponsors} />
          </>
        }
        share={<Share lang={lang} url={url} title={c.title} />}
      />
    </article>
  );
}
