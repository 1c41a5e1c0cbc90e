/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/fundraisers/{slug}` (spec §2, issue 14): a player's page on a campaign. The name is the one
 * the service shows (first name and last initial unless a parent chose otherwise; decision 007),
 * with the campaign it raises for, the family's reason, the progress card with the Donate link
 * (keeping an invitation's `?c=` for the checkout), the recent supporters and the share card.
 */
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';
import { SponsorsBand } from '../sponsorship/parts';
import { DonateCard, Heading, PublicColumns, Share, Supporters } from './parts';
import type { PlayerPageData } from './types';

export function PlayerPage({ lang, f, url }: { lang: Language; f: PlayerPageData; url: string }) {
  const t = tFor(lang);
  const donate = `/fundraisers/${encodeURIComponent(f.slug)}/donate${
    f.contactToken ? `?c=${encodeURIComponent(f.contactToken)}` : ''
  }`;
  return (
    <article class="public-page">
      <Heading imageUrl={f.avatarUrl} title={f.name} round>
        <p class="muted">
          {t('public.player.raisingFor')}{' '}
          <a href={withLang(`/campaigns/${encodeURIComponent(f.campaign.slug)}`, lang)} data-testid="campaign-link">
            {f.campaign.title}
          </a>
          {f.teamName ? ` · ${f.teamName}` : ''}
        </p>
      </Heading>
      <PublicColumns
        donate={<DonateCard lang={lang} p={f} donatePath={donate} />}
        main={
          <>
            <section class="card" aria-labelledby="reason-title">
              <h2 id="reason-title">{t('public.player.why')}</h2>
              <p class="story" data-testid="player-reason">
                {f.reason?.trim() || t('public.player.noReason')}
              </p>
            </section>
            <Supporters lang={lang} supporters={f.supporters} />
            <SponsorsBand lang={lang} sponsors={f.sponsors} />
          </>
        }
        share={<Share lang={lang} url={url} title={f.name} />}
      />
    </article>
  );
}
