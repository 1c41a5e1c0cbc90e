/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Pieces of the payment pages shared by the checkout and the cart: the summary lines, the consent, the message area. */
import type { ComponentChildren } from 'preact';
import { type PaymentMessage, usd } from './logic';
import type { Say } from './strings';

/** Gift (or the fee's label), the covered processing fee when any, and the total, as a definition list. */
export function SummaryLines(p: {
  say: Say;
  lang: string;
  amountCents: number;
  coverFeeCents: number;
  totalCents: number;
  giftLabel?: string | undefined;
  totalTestId: string;
}) {
  return (
    <dl class="pay-summary">
      <div>
        <dt>{p.giftLabel ?? p.say('checkout.gift')}</dt>
        <dd>{usd(p.amountCents, p.lang)}</dd>
      </div>
      {p.coverFeeCents > 0 ? (
        <div>
          <dt>{p.say('checkout.processingFee')}</dt>
          <dd>{usd(p.coverFeeCents, p.lang)}</dd>
        </div>
      ) : null}
      <div class="pay-summary-total">
        <dt>{p.say('checkout.total')}</dt>
        <dd data-testid={p.totalTestId}>{usd(p.totalCents, p.lang)}</dd>
      </div>
    </dl>
  );
}

const TAG = /<(terms|privacy)>(.*?)<\/\1>/g;
const PAGES = { terms: '/terms-and-conditions', privacy: '/privacy-policy' } as const;

/**
 * Terms and privacy consent, with what of the gift becomes public; `<terms>` and `<privacy>` in
 * the sentence become links to those pages (in a new tab, so the checkout stays as it was).
 */
export function ConsentText({ say, lang }: { say: Say; lang: string }) {
  const text = say('checkout.consent', { title: say('checkout.form.siteName') });
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    parts.push(text.slice(last, m.index));
    const page = PAGES[m[1] as keyof typeof PAGES];
    parts.push(
      <a key={m.index} href={`${page}?lang=${lang}`} target="_blank" rel="noopener">
        {m[2]}
      </a>,
    );
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(text.slice(last));
  return (
    <p class="pay-consent" data-testid="payment-consent">
      {parts}
    </p>
  );
}

/** Always in the page, so screen readers hear every new result. */
export function PaymentMessageArea({ message }: { message: PaymentMessage | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="payment-message">
      {message ? (
        <div class={`pay-notice pay-${message.tone}`}>
          <strong class="pay-notice-line">{message.text}</strong>
          {message.detail ? <span class="pay-notice-line">{message.detail}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
