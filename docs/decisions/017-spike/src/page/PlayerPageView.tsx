/**
 * The player page as a server-only tree: written once with `className`, compiled against React
 * (A), Preact (B) or a string JSX runtime (C). Islands come from the module the build aliases as
 * `islands-server` (hooks components for A/B, markup-only twins for C).
 */
import type { TFunction } from 'i18next';
import { formatMoney, percentOfGoal, formatPercent } from '../../../../packages/contracts/src/money';
import { formatCount } from '../../../../packages/contracts/src/public-rules';
import { AmountIsland, SearchIsland, ShareIsland, ThemeIsland } from 'islands-server';
import type { Entry, PlayerPage, Supporter } from '../lib/fixture';
import { formatAgo } from '../lib/format';
import type { Lng } from '../lib/strings';

interface Ctx { t: TFunction; lng: Lng; now: number; origin: string; strings: Record<string, Record<string, string>> }
const usd = (c: number, lng: Lng) => formatMoney(c, lng, { whole: true });

function Header({ ctx, brand, logo }: { ctx: Ctx; brand: string; logo: string | null }) {
  const { t, lng } = ctx;
  return (
    <header className="bar">
      <div className="wrap bar-in">
        {logo ? <img src={logo} alt="" width={36} height={36} className="logo" /> : null}
        <p className="brand">{brand}</p>
        <nav aria-label={t('navbar.language')} className="langs">
          {(['en', 'es'] as const).map((l) => (
            <a key={l} href={`?lang=${l}`} lang={l} aria-current={l === lng ? 'true' : undefined} className="btn-s">
              <span aria-hidden="true">{l.toUpperCase()}</span>
              <span className="sr">{t(`languages.${l}`)}</span>
            </a>
          ))}
        </nav>
        <ThemeIsland m={ctx.strings.theme ?? {}} lng={lng} />
      </div>
    </header>
  );
}

function Progress({ ctx, raised, goal, donors }: { ctx: Ctx; raised: number; goal: number; donors: number }) {
  const { t, lng } = ctx;
  const pct = percentOfGoal(raised, goal);
  const r = usd(raised, lng);
  const g = usd(goal, lng);
  const p = formatPercent(pct, lng);
  return (
    <div className="progress" data-testid="progress-summary">
      <p className="raised" data-testid="raised-amount">{r}</p>
      <p className="muted">{t('public.progress.ofGoal', { goal: g })}</p>
      <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, pct)}
        aria-valuetext={t('public.progress.valueText', { raised: r, goal: g, pct: p })} className="bar-track">
        <div className="bar-fill" style={{ width: `${Math.min(100, pct)}%` }} />
      </div>
      <p className="row"><span>{t('public.progress.percent', { pct: p })}</span>
        <span>{t('public.progress.donors', { count: donors, formatted: formatCount(donors) })}</span></p>
    </div>
  );
}

function Supporters({ ctx, list }: { ctx: Ctx; list: Supporter[] }) {
  const { t, lng } = ctx;
  return (
    <section className="card" aria-labelledby="supporters-title">
      <h2 id="supporters-title">{t('public.supporters.title')}</h2>
      <ul className="list" data-testid="supporters">
        {list.map((s) => (
          <li key={`${s.at}|${s.name ?? ''}`} className="item">
            <div className="grow">
              <p className="strong">{s.name ?? t('public.supporters.anonymous')}</p>
              <p className="muted small">{formatAgo(t, s.at, ctx.now)}</p>
              {s.message ? <p className="quote">“{s.message}”</p> : null}
            </div>
            {s.amountCents !== null ? <p className="strong">{usd(s.amountCents, lng)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Leaderboard({ ctx, slug, entries }: { ctx: Ctx; slug: string; entries: Entry[] }) {
  const { t, lng } = ctx;
  return (
    <section className="card" aria-labelledby="leaderboard-title">
      <h2 id="leaderboard-title">{t('public.leaderboard.title')}</h2>
      <SearchIsland slug={slug} m={ctx.strings.search ?? {}} lng={lng} />
      <ol className="list" data-testid="leaderboard">
        {entries.map((e, i) => (
          <li key={e.slug} className="item">
            <span aria-hidden="true" className="rank">{i + 1}</span>
            {e.avatarUrl ? <img src={e.avatarUrl} alt="" width={36} height={36} className="avatar" />
              : <span className="avatar" aria-hidden="true">{e.name.charAt(0)}</span>}
            <div className="grow">
              <a href={`/fundraisers/${e.slug}`} className="strong">{e.name}</a>
              <p className="muted small">{t('public.leaderboard.towardGoal', { pct: formatPercent(percentOfGoal(e.raisedCents, e.goalCents), lng), goal: usd(e.goalCents, lng) })}</p>
            </div>
            <div className="end">
              <p className="strong">{usd(e.raisedCents, lng)}</p>
              <p className="muted small">{t('public.progress.donors', { count: e.donors, formatted: formatCount(e.donors) })}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="muted small">{t('public.leaderboard.privacy')}</p>
    </section>
  );
}

/** `/fundraisers/{slug}`: the body inside <div id="page">; the document head is a template. */
export function PlayerPageView({ f, ctx }: { f: PlayerPage; ctx: Ctx }) {
  const { t, lng } = ctx;
  const url = `${ctx.origin}/fundraisers/${f.slug}`;
  return (
    <div className="page">
      <Header ctx={ctx} brand={f.campaign.organizationName} logo={f.campaign.organizationLogo} />
      <main className="wrap">
        <div className="heading">
          {f.avatarUrl ? <img src={f.avatarUrl} alt="" width={96} height={96} className="photo" /> : null}
          <div>
            <h1>{f.name}</h1>
            <p className="muted">{t('public.player.raisingFor')}{' '}
              <a href={`/campaigns/${f.campaign.slug}`}>{f.campaign.title}</a>{f.teamName ? ` · ${f.teamName}` : ''}</p>
          </div>
        </div>
        <div className="cols">
          <aside className="side">
            <section className="card" aria-label={t('public.progress.section')}>
              <Progress ctx={ctx} raised={f.raisedCents} goal={f.goalCents} donors={f.donors} />
              <AmountIsland slug={f.slug} m={ctx.strings.amount ?? {}} lng={lng} />
            </section>
            <ShareIsland url={url} title={f.name} m={ctx.strings.share ?? {}} lng={lng} />
          </aside>
          <div className="main">
            <section className="card" aria-labelledby="reason-title">
              <h2 id="reason-title">{t('public.player.why')}</h2>
              <p className="pre">{f.fundraisingReason ?? t('public.player.noReason')}</p>
            </section>
            <Leaderboard ctx={ctx} slug={f.campaign.slug} entries={f.leaderboard} />
            <Supporters ctx={ctx} list={f.recentSupporters} />
          </div>
        </div>
      </main>
      <footer className="foot"><p className="muted small">{t('public.footer', { title: t('app.title') })}</p></footer>
    </div>
  );
}
export type { Ctx };
