/** C: the islands' markup (server only); vanilla/*.ts attach behaviour to it. Same DOM as A/B's first render. */
import { DONATION_PRESETS_CENTS, coverFeeCents } from '../../../../packages/contracts/src/donation-rules';
import { formatMoney } from '../../../../packages/contracts/src/money';
import { makeT, type Messages } from '../lib/t';

const data = (name: string, props: object) => ({ 'data-island': name, 'data-props': JSON.stringify(props) });
export function AmountIsland({ slug, m, lng }: { slug: string; m: Messages; lng: string }) {
  const t = makeT(m, lng);
  const first = DONATION_PRESETS_CENTS[1];
  return (
    <div {...data('amount', { m, lng })}>
      <form method="get" action={`/fundraisers/${slug}/donate`} className="amount" noValidate>
        <fieldset><legend>{t('public.checkout.chooseAmount')}</legend><div className="presets">
          {DONATION_PRESETS_CENTS.map((c) => (
            <label className={c === first ? 'chip on' : 'chip'}><input type="radio" name="amount" value={c} checked={c === first} />{formatMoney(c, lng, { whole: true })}</label>
          ))}
          <label className="chip"><input type="radio" name="amount" value="other" />{t('public.checkout.otherAmount')}</label>
        </div></fieldset>
        <div className="field" hidden><label htmlFor="amount-other">{t('public.checkout.amount')}</label>
          <input id="amount-other" name="other" inputMode="decimal" aria-describedby="amount-error" /><p id="amount-error" className="error" /></div>
        <label className="check"><input type="checkbox" name="cover" value="1" checked />
          <span>{t('public.checkout.coverFee', { fee: formatMoney(coverFeeCents(first), lng) })}</span></label>
        <p className="total" aria-live="polite">{t('public.checkout.total')}: {formatMoney(first + coverFeeCents(first), lng)}</p>
        <button type="submit" className="btn primary">{t('public.donate.button')}</button>
      </form>
    </div>
  );
}
export function ShareIsland({ url, title, m, lng }: { url: string; title: string; m: Messages; lng: string }) {
  const t = makeT(m, lng);
  return (
    <section className="card" aria-labelledby="share-title" {...data('share', { url, title, m, lng })}>
      <h2 id="share-title">{t('public.share.title')}</h2>
      <div className="row"><label htmlFor="share-url" className="sr">{t('public.share.link')}</label>
        <input id="share-url" value={url} readOnly /><button type="button" className="btn">{t('public.share.copy')}</button></div>
      <p role="status" className="ok" /><div className="qr" /><p className="muted small">{t('public.share.qrHint')}</p>
    </section>
  );
}
export function ThemeIsland({ m, lng }: { m: Messages; lng: string }) {
  const t = makeT(m, lng);
  return (
    <button type="button" className="icon" aria-label={t('navbar.darkMode')} title={t('navbar.darkMode')} {...data('theme', { m, lng })}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M9 2a10 10 0 1013 13A8 8 0 019 2z" /></svg>
    </button>
  );
}
export function SearchIsland({ slug, m, lng }: { slug: string; m: Messages; lng: string }) {
  const t = makeT(m, lng);
  return (
    <div className="search" {...data('search', { slug, m, lng })}>
      <label htmlFor="player-search">{t('public.leaderboard.search')}</label>
      <input id="player-search" type="search" /><p aria-live="polite" className="muted small" /><ul className="list" hidden />
    </div>
  );
}
