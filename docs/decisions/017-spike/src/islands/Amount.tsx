/** Amount choice on the player page: presets, another amount, cover the fee, the total, then checkout. */
import { useState } from 'react';
import { DONATION_PRESETS_CENTS, coverFeeCents, MIN_DONATION_CENTS, MAX_DONATION_CENTS } from '../../../../packages/contracts/src/donation-rules';
import { formatMoney } from '../../../../packages/contracts/src/money';
import { parseMoney } from '../../../../packages/contracts/src/money-parse';
import { makeT, type Messages } from '../lib/t';

export interface AmountProps { slug: string; m: Messages; lng: string }
export function Amount({ slug, m, lng }: AmountProps) {
  const t = makeT(m, lng);
  const [preset, setPreset] = useState<number | null>(DONATION_PRESETS_CENTS[1]);
  const [text, setText] = useState('');
  const [cover, setCover] = useState(true);
  const parsed = preset === null ? parseMoney(text, lng, { max: MAX_DONATION_CENTS }) : { ok: true as const, cents: preset };
  const cents = parsed.ok ? parsed.cents : null;
  const tooSmall = cents !== null && cents < MIN_DONATION_CENTS;
  const error = preset === null && text && !parsed.ok ? t(`public.checkout.amountProblems.${parsed.error}`) : tooSmall ? t('public.checkout.amountProblems.min', { min: formatMoney(MIN_DONATION_CENTS, lng) }) : null;
  const fee = cents && !tooSmall ? coverFeeCents(cents) : 0;
  return (
    <form method="get" action={`/fundraisers/${slug}/donate`} className="amount" noValidate>
      <fieldset>
        <legend>{t('public.checkout.chooseAmount')}</legend>
        <div className="presets">
          {DONATION_PRESETS_CENTS.map((c) => (
            <label key={c} className={preset === c ? 'chip on' : 'chip'}>
              <input type="radio" name="amount" value={c} checked={preset === c} onChange={() => setPreset(c)} />
              {formatMoney(c, lng, { whole: true })}
            </label>
          ))}
          <label className={preset === null ? 'chip on' : 'chip'}>
            <input type="radio" name="amount" value="other" checked={preset === null} onChange={() => setPreset(null)} />
            {t('public.checkout.otherAmount')}
          </label>
        </div>
      </fieldset>
      {preset === null ? (
        <div className="field">
          <label htmlFor="amount-other">{t('public.checkout.amount')}</label>
          <input id="amount-other" name="other" inputMode="decimal" value={text} aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'amount-error' : undefined} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
          {error ? <p id="amount-error" className="error">{error}</p> : null}
        </div>
      ) : null}
      <label className="check">
        <input type="checkbox" name="cover" value="1" checked={cover} onChange={() => setCover(!cover)} />
        {t('public.checkout.coverFee', { fee: formatMoney(fee, lng) })}
      </label>
      <p className="total" aria-live="polite">{t('public.checkout.total')}: {cents !== null && !tooSmall ? formatMoney(cents + (cover ? fee : 0), lng) : '—'}</p>
      <button type="submit" className="btn primary" disabled={cents === null || tooSmall}>{t('public.donate.button')}</button>
    </form>
  );
}
