/**
 * Checkout island (prototype of the real one's weight): amount, donor details, validation with the
 * contracts' rules, create the donation, then pay with the sandbox card form or Stripe's Payment
 * Element (Stripe.js itself loads from Stripe and is outside the 120 KB budget).
 */
import { useEffect, useRef, useState } from 'react';
import { isEmail, isPersonName, PERSON_NAME_MAX } from '../../../../packages/contracts/src/person-rules';
import { SANDBOX_CARDS, coverFeeCents, MIN_DONATION_CENTS, MAX_DONATION_CENTS, DONATION_PRESETS_CENTS } from '../../../../packages/contracts/src/donation-rules';
import { formatMoney } from '../../../../packages/contracts/src/money';
import { parseMoney } from '../../../../packages/contracts/src/money-parse';
import { formatCardNumber, formatExpiry, readCard } from '../../../../apps/web/src/features/public/components/checkout/card';
import { makeT, type Messages } from '../lib/t';

export interface CheckoutProps { slug: string; m: Messages; lng: string; provider: 'sandbox' | 'stripe'; publishableKey: string | null; organization: string }
type Donor = { firstName: string; lastName: string; email: string; message: string; anonymous: boolean };
type Errs = Partial<Record<keyof Donor | 'amount' | 'number' | 'expiry' | 'cvc', string>>;
type Msg = { tone: 'success' | 'info' | 'error'; text: string } | null;

async function api<T>(path: string, body: unknown): Promise<T> {
  const r = await fetch(`/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const j = (await r.json()) as { data: T; error?: { code: string; message: string; fields?: { path: string[]; message: string }[] } };
  if (!r.ok) throw Object.assign(new Error(j.error?.message ?? r.statusText), { code: j.error?.code, fields: j.error?.fields ?? [] });
  return j.data;
}

function Field({ id, label, error, value, onValue, type = 'text', max, auto }: { id: string; label: string; error?: string | undefined; value: string; onValue: (v: string) => void; type?: string; max?: number; auto?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} maxLength={max} autoComplete={auto} aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined} onInput={(e) => onValue((e.target as HTMLInputElement).value)} />
      {error ? <p id={`${id}-error`} className="error">{error}</p> : null}
    </div>
  );
}

function SandboxCard({ t, onPay, pending }: { t: ReturnType<typeof makeT>; onPay: (card: unknown) => void; pending: boolean }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errs, setErrs] = useState<Errs>({});
  return (
    <div className="sandbox">
      <p className="strong">{t('public.card.sandboxTitle')}</p>
      <p>{t('public.card.sandboxBody')}</p>
      <ul>{Object.entries(SANDBOX_CARDS).map(([k, n]) => <li key={k}><button type="button" className="link" onClick={() => setNumber(formatCardNumber(n))}>{formatCardNumber(n)} · {t(`public.card.outcomes.${k}`)}</button></li>)}</ul>
      <Field id="card-number" label={t('public.card.number')} value={number} onValue={(v) => setNumber(formatCardNumber(v))} error={errs.number} auto="cc-number" />
      <div className="row">
        <Field id="card-expiry" label={t('public.card.expiry')} value={expiry} onValue={(v) => setExpiry(formatExpiry(v, expiry))} error={errs.expiry} auto="cc-exp" />
        <Field id="card-cvc" label={t('public.card.cvc')} value={cvc} onValue={setCvc} error={errs.cvc} auto="cc-csc" max={4} />
      </div>
      <button type="button" className="btn primary" disabled={pending} onClick={() => {
        const r = readCard(number, expiry, cvc);
        if (!r.ok) { setErrs(Object.fromEntries(Object.entries(r.problems).map(([k, p]) => [k, t(`public.card.problems.${p}`)]))); return; }
        setErrs({}); onPay(r.card);
      }}>{pending ? t('public.card.paying') : t('public.card.submit', { total: '' })}</button>
    </div>
  );
}

function StripeElement({ pk, secret, lng, onReady }: { pk: string; secret: string; lng: string; onReady: (confirm: () => Promise<string | null>) => void }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let off = false;
    import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(pk)).then((stripe) => {
      if (!stripe || off || !host.current) return;
      const dark = document.documentElement.dataset.theme === 'dark';
      const elements = stripe.elements({ clientSecret: secret, locale: lng === 'es' ? 'es' : 'en', appearance: { theme: dark ? 'night' : 'stripe' } });
      elements.create('payment', { layout: 'tabs' }).mount(host.current);
      onReady(async () => {
        const checked = await elements.submit();
        if (checked.error) return null;
        const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: `${location.origin}/thank-you` } });
        return error.message ?? 'error';
      });
    });
    return () => { off = true; };
  }, [pk, secret, lng, onReady]);
  return <div ref={host} />;
}

export function Checkout({ slug, m, lng, provider, publishableKey, organization }: CheckoutProps) {
  const t = makeT(m, lng);
  const [amountText, setAmountText] = useState(String(DONATION_PRESETS_CENTS[1] / 100));
  const [cover, setCover] = useState(true);
  const [donor, setDonor] = useState<Donor>({ firstName: '', lastName: '', email: '', message: '', anonymous: false });
  const [errs, setErrs] = useState<Errs>({});
  const [step, setStep] = useState<'details' | 'pay'>('details');
  const [donation, setDonation] = useState<{ id: string; clientSecret: string | null } | null>(null);
  const [pending, setPending] = useState(false);
  const [msg, setMsg] = useState<Msg>(null);
  const confirm = useRef<(() => Promise<string | null>) | null>(null);
  const parsed = parseMoney(amountText, lng, { max: MAX_DONATION_CENTS });
  const cents = parsed.ok ? parsed.cents : null;
  const fee = cents ? coverFeeCents(cents) : 0;
  const set = (k: keyof Donor) => (v: string) => setDonor({ ...donor, [k]: v });

  const check = (): Errs => {
    const e: Errs = {};
    if (!parsed.ok) e.amount = t(`public.checkout.amountProblems.${parsed.error}`);
    else if (parsed.cents < MIN_DONATION_CENTS) e.amount = t('public.checkout.amountProblems.min', { min: formatMoney(MIN_DONATION_CENTS, lng) });
    if (!isPersonName(donor.firstName)) e.firstName = t('public.checkout.problems.firstName', { max: PERSON_NAME_MAX });
    if (!isPersonName(donor.lastName)) e.lastName = t('public.checkout.problems.lastName', { max: PERSON_NAME_MAX });
    if (!isEmail(donor.email)) e.email = t('public.checkout.problems.email');
    return e;
  };
  const next = async () => {
    const e = check();
    setErrs(e);
    if (Object.keys(e).length) { document.getElementById(Object.keys(e)[0] as string)?.focus(); return; }
    setPending(true);
    try {
      const d = await api<{ id: string; clientSecret: string | null }>('/public/donations', { fundraiserSlug: slug, amountCents: cents, coverFee: cover, ...donor, language: lng });
      setDonation(d); setStep('pay');
    } catch (err) {
      const fields = (err as { fields?: { path: string[]; message: string }[] }).fields ?? [];
      setErrs(Object.fromEntries(fields.map((f) => [f.path.at(-1), f.message])));
      setMsg({ tone: 'error', text: (err as Error).message });
    } finally { setPending(false); }
  };
  const paySandbox = async (card: unknown) => {
    if (!donation) return;
    setPending(true);
    try {
      const r = await api<{ result: string }>(`/public/donations/${donation.id}/confirm`, card);
      if (r.result === 'succeeded') location.assign(`/thank-you/${donation.id}`);
      else setMsg({ tone: r.result === 'processing' ? 'info' : 'error', text: t(`public.payment.results.${r.result}`) });
    } catch (err) { setMsg({ tone: 'error', text: (err as Error).message }); } finally { setPending(false); }
  };
  return (
    <div className="checkout">
      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">{t('public.checkout.details')}</h2>
        <fieldset disabled={step === 'pay'}>
          <div className="presets">{DONATION_PRESETS_CENTS.map((c) => <button key={c} type="button" className={cents === c ? 'chip on' : 'chip'} aria-pressed={cents === c} onClick={() => setAmountText(String(c / 100))}>{formatMoney(c, lng, { whole: true })}</button>)}</div>
          <Field id="amount" label={t('public.checkout.otherAmount')} value={amountText} onValue={setAmountText} error={errs.amount} />
          <label className="check"><input type="checkbox" checked={cover} onChange={() => setCover(!cover)} />{t('public.checkout.coverFee')} ({formatMoney(fee, lng)})</label>
          <p className="muted small">{t('public.checkout.coverFeeWhy', { organization, amount: cents ? formatMoney(cents, lng) : '' })}</p>
          <Field id="firstName" label={t('public.checkout.firstName')} value={donor.firstName} onValue={set('firstName')} error={errs.firstName} auto="given-name" max={PERSON_NAME_MAX} />
          <Field id="lastName" label={t('public.checkout.lastName')} value={donor.lastName} onValue={set('lastName')} error={errs.lastName} auto="family-name" max={PERSON_NAME_MAX} />
          <Field id="email" type="email" label={t('public.checkout.email')} value={donor.email} onValue={set('email')} error={errs.email} auto="email" />
          <Field id="message" label={t('public.checkout.message')} value={donor.message} onValue={set('message')} max={500} />
          <label className="check"><input type="checkbox" checked={donor.anonymous} onChange={() => setDonor({ ...donor, anonymous: !donor.anonymous })} />{t('public.checkout.anonymous')}</label>
          <dl className="summary"><dt>{t('public.checkout.gift')}</dt><dd>{cents ? formatMoney(cents, lng) : '—'}</dd><dt>{t('public.checkout.fee')}</dt><dd>{formatMoney(cover ? fee : 0, lng)}</dd><dt>{t('public.checkout.total')}</dt><dd>{cents ? formatMoney(cents + (cover ? fee : 0), lng) : '—'}</dd></dl>
        </fieldset>
        {step === 'details' ? <button type="button" className="btn primary" disabled={pending} onClick={next}>{t('public.checkout.continue')}</button>
          : <button type="button" className="btn" onClick={() => setStep('details')}>{t('public.checkout.edit')}</button>}
      </section>
      {step === 'pay' && donation ? (
        <section className="card" aria-labelledby="pay-title">
          <h2 id="pay-title">{t('public.checkout.payment')}</h2>
          {provider === 'stripe' && publishableKey && donation.clientSecret ? (
            <>
              <StripeElement pk={publishableKey} secret={donation.clientSecret} lng={lng} onReady={(c) => { confirm.current = c; }} />
              <button type="button" className="btn primary" disabled={pending} onClick={async () => { setPending(true); const e = await confirm.current?.(); if (e) setMsg({ tone: 'error', text: e }); setPending(false); }}>{t('public.card.submit', { total: formatMoney((cents ?? 0) + (cover ? fee : 0), lng) })}</button>
            </>
          ) : <SandboxCard t={t} onPay={paySandbox} pending={pending} />}
        </section>
      ) : null}
      <div role="status" aria-live="polite" className={msg ? `msg ${msg.tone}` : 'msg'}>{msg?.text}</div>
    </div>
  );
}
