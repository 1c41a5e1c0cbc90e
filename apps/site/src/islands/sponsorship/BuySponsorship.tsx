/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The Buy island of `/sponsorships/{slug}` (issue 17, decision 019): the buyer's names, e-mail and
 * business, then `POST /public/sponsorships` with the price shown (which holds a unit for 15
 * minutes), then the checkout's own card step (PaymentPanel: the sandbox card form, or Stripe's
 * Payment Element loaded only for Stripe) on the payment it created. Sold out and a changed price
 * (409) say so; a changed price offers to continue at the new one.
 */
import { formatMoney } from '@fc/contracts/money';
import { useMemo, useState } from 'preact/hooks';
import { isApiFailure } from '../checkout/api';
import { Field } from '../checkout/Field';
import { bodyField, contractFieldMessage, type DonorErrors, donorProblems, failureMessage } from '../checkout/logic';
import { PaymentPanel } from '../checkout/PaymentPanel';
import { type Strings, sayFrom } from '../checkout/strings';
import { type BuyAnswer, buySponsorship, currentPrice } from './api';

export interface BuySponsorshipProps {
  lang: 'en' | 'es';
  opportunity: { slug: string; name: string; priceCents: number };
  /** The checkout's strings (`checkout.*`, `card.*`) and this island's (`sp.*`), resolved on the server. */
  strings: Strings;
  codes: Strings;
}

type Problem =
  | { kind: 'soldOut' }
  | { kind: 'priceChanged'; priceCents: number | null }
  | { kind: 'other'; text: string };

const FIELDS = ['firstName', 'lastName', 'email', 'businessName'] as const;
type FieldName = (typeof FIELDS)[number];
const INPUT_ID: Record<FieldName, string> = {
  firstName: 'sp-first-name',
  lastName: 'sp-last-name',
  email: 'sp-email',
  businessName: 'sp-business',
};

export function BuySponsorship({ lang, opportunity, strings, codes }: BuySponsorshipProps) {
  const say = useMemo(() => sayFrom(strings), [strings]);
  const [price, setPrice] = useState(opportunity.priceCents);
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', businessName: '' });
  const [errors, setErrors] = useState<DonorErrors & { businessName?: string }>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const [bought, setBought] = useState<BuyAnswer | null>(null);
  const usd = (cents: number) => formatMoney(cents, lang);

  const start = async (atPrice: number) => {
    if (pending) return;
    const next: DonorErrors & { businessName?: string } = donorProblems(say, {
      ...values,
      anonymous: false,
      message: '',
    });
    setErrors(next);
    setProblem(null);
    const first = FIELDS.find((k) => next[k]);
    if (first) return document.getElementById(INPUT_ID[first])?.focus();
    setPending(true);
    try {
      const business = values.businessName.trim();
      const answer = await buySponsorship({
        opportunity: opportunity.slug,
        priceCents: atPrice,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        ...(business ? { businessName: business } : {}),
        language: lang,
      });
      setPrice(atPrice);
      setBought(answer);
    } catch (err) {
      if (isApiFailure(err) && err.code === 'SPONSORSHIP_SOLD_OUT') setProblem({ kind: 'soldOut' });
      else if (isApiFailure(err) && err.code === 'SPONSORSHIP_PRICE_CHANGED')
        setProblem({ kind: 'priceChanged', priceCents: await currentPrice(opportunity.slug) });
      else {
        const fieldErrors: typeof errors = {};
        if (isApiFailure(err))
          for (const fe of err.fieldErrors) {
            const field = bodyField(fe.path) as FieldName;
            if (FIELDS.includes(field) && !fieldErrors[field])
              fieldErrors[field] = contractFieldMessage(say, fe.message, lang);
          }
        setErrors(fieldErrors);
        setProblem({ kind: 'other', text: failureMessage(say, codes, lang, err).text || say('sp.form.error') });
      }
    } finally {
      setPending(false);
    }
  };

  if (bought) {
    const until = new Date(bought.holdExpiresAt).toLocaleTimeString(lang, { hour: 'numeric', minute: '2-digit' });
    return (
      <div class="pay-stack">
        <h2>{say('sp.form.payTitle')}</h2>
        <p class="pay-notice pay-info" data-testid="sp-held">
          {say('sp.form.held', { time: until })}
        </p>
        <p class="pay-total">
          {say('sp.form.total')}: <strong data-testid="pay-total">{usd(bought.totalCents)}</strong>
        </p>
        <PaymentPanel
          say={say}
          lang={lang}
          codes={codes}
          provider={bought.provider}
          donationId={bought.donationId}
          totalCents={bought.totalCents}
          clientSecret={bought.clientSecret}
          publishableKey={bought.publishableKey}
        />
      </div>
    );
  }

  const field = (name: FieldName, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      id={INPUT_ID[name]}
      label={label}
      value={values[name]}
      onValue={(v) => {
        setValues((s) => ({ ...s, [name]: v }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <form
      class="pay-stack"
      noValidate
      aria-labelledby="sp-form-title"
      data-sp-price={price}
      onSubmit={(e) => {
        e.preventDefault();
        void start(price);
      }}
    >
      <h2 id="sp-form-title">{say('sp.form.title')}</h2>
      <div class="pay-row">
        {field('firstName', say('checkout.form.firstName'), {
          autoComplete: 'given-name',
          maxLength: 80,
          required: true,
        })}
        {field('lastName', say('checkout.form.lastName'), {
          autoComplete: 'family-name',
          maxLength: 80,
          required: true,
        })}
      </div>
      {field('email', say('checkout.form.email'), {
        type: 'email',
        autoComplete: 'email',
        inputMode: 'email',
        maxLength: 254,
        required: true,
      })}
      {field('businessName', `${say('sp.form.businessName')} (${say('sp.form.optional')})`, {
        autoComplete: 'organization',
        maxLength: 120,
      })}
      {problem?.kind === 'soldOut' && (
        <p class="pay-notice pay-error" role="alert" data-testid="sp-error">
          {say('sp.form.soldOut')}
        </p>
      )}
      {problem?.kind === 'priceChanged' && (
        <div class="pay-notice pay-error" role="alert" data-testid="sp-price-changed">
          <p>
            {problem.priceCents === null
              ? say('sp.form.error')
              : say('sp.form.priceChanged', { price: usd(problem.priceCents) })}
          </p>
          {problem.priceCents !== null && (
            <button
              type="button"
              class="button"
              data-testid="sp-continue-price"
              onClick={() => void start(problem.priceCents ?? price)}
            >
              {say('sp.form.continueAtPrice', { price: usd(problem.priceCents) })}
            </button>
          )}
        </div>
      )}
      {problem?.kind === 'other' && (
        <p class="pay-notice pay-error" role="alert" data-testid="sp-error">
          {problem.text}
        </p>
      )}
      <button type="submit" class="button primary pay-wide" disabled={pending} data-testid="sp-submit">
        {pending ? say('sp.form.starting') : `${say('sp.form.submit')} · ${usd(price)}`}
      </button>
    </form>
  );
}
