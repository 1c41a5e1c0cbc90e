/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/{slug}` of an organization, league or team (issue 14): its logo, name, kind, location and
 * about text, its active campaigns (goal, raised, progress, days left, a link to each), and for an
 * organization or league the active campaigns of the nodes below it, the most raised first, with
 * how many more there are. All of it is server markup; the only island is the layout's theme switch.
 */
import { formatMoney, percentOfGoal } from '@fc/contracts/money';
import { withLang } from '../lib/links';
import { type Language, tFor } from '../lib/strings';
import type { T } from '../lib/t';

/** 1 organization, 2 league, 3 team (organizations.type_id). */
export type OrganizationType = 1 | 2 | 3;

export interface OrganizationCampaign {
  slug: string;
  title: string;
  organizationName: string;
  goalCents: number;
  raisedCents: number;
  /** Days until the end date (0 = the last day, negative = past it); null without an end date. */
  daysLeft: number | null;
}

export interface CampaignList {
  campaigns: OrganizationCampaign[];
  /** How many there are in all (the list may hold fewer). */
  total: number;
}

export interface OrganizationData {
  slug: string;
  name: string;
  type: OrganizationType;
  logoUrl: string | null;
  description: string | null;
  city: string | null;
  region: string | null;
  own: CampaignList;
  /** The campaigns of the nodes below (organization and league only). */
  below: CampaignList | null;
}

function daysLeftText(t: T, days: number | null): string | null {
  if (days === null) return null;
  if (days < 0) return t('site.org.ended');
  if (days === 0) return t('site.org.lastDay');
  return t('site.org.daysLeft', { count: days });
}

function CampaignCard({ c, lang, showOwner }: { c: OrganizationCampaign; lang: Language; showOwner: boolean }) {
  const t = tFor(lang);
  const pct = percentOfGoal(c.raisedCents, c.goalCents);
  const days = daysLeftText(t, c.daysLeft);
  const percentText = t('site.org.percent', { count: pct });
  return (
    <li class="campaign-card" data-testid="org-campaign">
      <h3>
        <a href={withLang(`/campaigns/${encodeURIComponent(c.slug)}`, lang)}>{c.title}</a>
      </h3>
      {showOwner && <p class="owner">{t('site.org.by', { name: c.organizationName })}</p>}
      <dl class="figures">
        <div>
          <dt>{t('site.org.raised')}</dt>
          <dd data-testid="raised">{formatMoney(c.raisedCents, lang, { whole: true })}</dd>
        </div>
        <div>
          <dt>{t('site.org.goal')}</dt>
          <dd data-testid="goal">{formatMoney(c.goalCents, lang, { whole: true })}</dd>
        </div>
      </dl>
      {c.goalCents > 0 && (
        <div
          class="progress"
          role="progressbar"
          aria-label={t('site.org.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(pct, 100)}
          aria-valuetext={percentText}
        >
          <span style={{ width: `${Math.min(pct, 100)}%` }} />
        </div>
      )}
      <p class="meta">
        {c.goalCents > 0 && <span>{percentText}</span>}
        {days && <span>{days}</span>}
      </p>
    </li>
  );
}

function Campaigns({ list, lang, showOwner }: { list: CampaignList; lang: Language; showOwner: boolean }) {
  const t = tFor(lang);
  if (list.campaigns.length === 0) return <p class="empty">{t('site.org.none')}</p>;
  const more = list.total - list.campaigns.length;
  return (
    <>
      <ul class="campaign-grid">
        {list.campaigns.map((c) => (
          <CampaignCard key={c.slug} c={c} lang={lang} showOwner={showOwner} />
        ))}
      </ul>
      {more > 0 && <p class="more">{t('site.org.more', { count: more })}</p>}
    </>
  );
}

export function OrganizationPage({ lang, org }: { lang: Language; org: OrganizationData }) {
  const t = tFor(lang);
  const location = [org.city, org.region].filter((s) => s?.trim()).join(', ');
  const hasBelow = (org.below?.campaigns.length ?? 0) > 0;
  // One empty state when there is nothing at all; a league with campaigns only below shows those.
  const showOwn = org.own.campaigns.length > 0 || !hasBelow;
  return (
    <article class="organization">
      <header class="org-header">
        {org.logoUrl && (
          <img class="org-logo" src={org.logoUrl} alt={t('site.org.logo', { name: org.name })} width={96} height={96} />
        )}
        <div class="org-title">
          <p class="org-type">{t(`site.org.type.${org.type}`)}</p>
          <h1>{org.name}</h1>
          {location && <p class="org-location">{location}</p>}
        </div>
      </header>
      {org.description?.trim() && <p class="org-about">{org.description.trim()}</p>}
      {showOwn && (
        <section aria-labelledby="own-campaigns">
          <h2 id="own-campaigns">{t('site.org.campaigns')}</h2>
          <Campaigns list={org.own} lang={lang} showOwner={false} />
        </section>
      )}
      {org.below && hasBelow && (
        <section aria-labelledby="below-campaigns">
          <h2 id="below-campaigns">{t(`site.org.below.${org.type}`)}</h2>
          <Campaigns list={org.below} lang={lang} showOwner />
        </section>
      )}
    </article>
  );
}

export function NotFoundPage({ lang }: { lang: Language }) {
  const t = tFor(lang);
  return (
    <article class="prose not-found">
      <h1>{t('site.notFound.title')}</h1>
      <p>{t('site.notFound.text')}</p>
      <p>
        <a class="button primary" href={withLang('/', lang)}>
          {t('site.notFound.home')}
        </a>
      </p>
    </article>
  );
}
