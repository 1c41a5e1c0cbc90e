/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * What a thank-you page shows of one donation (spec §2 thank-you routes): its state (thanked,
 * processing, not paid, refunded or cancelled), the gift, fee and total, the organization,
 * campaign, player and receipt number, and the way back; beside it, while the gift is paid or
 * settling, the share prompt. Markup only: the server renders it for a settled donation, and the
 * ThankYouStatus island renders the same while a payment may still change.
 */
import { formatMoney } from '@fc/contracts/money';
import type { ComponentChildren } from 'preact';

/** `GET /api/v1/public/donations/{id}` (the contracts' PublicDonation): the fields the page reads. */
export interface ThankYouDonation {
  donationId: string;
  kind: 'gift' | 'fee' | 'sponsor';
  status: 0 | 1 | 2 | 3 | 4;
  intentStatus: string | null;
  amountCents: number;
  coverFeeCents: number;
  totalCents: number;
  anonymous: boolean;
  receiptNumber: string | null;
}

/** The page's sentences, resolved on the server in its language (the names in them do not change). */
export interface ThankYouStrings {
  completedTitle: string;
  completedBody: string;
  processingTitle: string;
  processingBody: string;
  checking: string;
  autoUpdate: string;
  failedTitle: string;
  unpaidTitle: string;
  unpaidBody: string;
  tryAgain: string;
  refundedTitle: string;
  cancelledTitle: string;
  closedBody: string;
  details: string;
  gift: string;
  processingFee: string;
  total: string;
  organization: string;
  campaign: string;
  player: string;
  receipt: string;
  shown: string;
  anonymous: string;
  receiptSent: string;
  back: string;
  sharePrompt: string;
}

/** The names and addresses around the gift (fixed for a donation). */
export interface ThankYouContext {
  lang: 'en' | 'es';
  organization: string;
  campaign: string | null;
  player: string | null;
  /** The campaign or player page, with the language. */
  backHref: string;
  /** The abandoned cart, where an unpaid gift is finished. */
  cartHref: string;
}

/** A pending donation whose payment is under way (not one still waiting for a card). */
export const isSettling = (d: Pick<ThankYouDonation, 'status' | 'intentStatus'>) =>
  d.status === 0 && d.intentStatus !== 'requires_payment_method' && d.intentStatus !== 'canceled';

type Tone = 'success' | 'info' | 'error' | 'neutral';

function stateOf(d: ThankYouDonation, s: ThankYouStrings): { tone: Tone; title: string; body: string } {
  if (d.status === 1) return { tone: 'success', title: s.completedTitle, body: s.completedBody };
  if (isSettling(d)) return { tone: 'info', title: s.processingTitle, body: s.processingBody };
  if (d.status === 0 || d.status === 2)
    return { tone: 'error', title: d.status === 2 ? s.failedTitle : s.unpaidTitle, body: s.unpaidBody };
  return { tone: 'neutral', title: d.status === 3 ? s.refundedTitle : s.cancelledTitle, body: s.closedBody };
}

const ICON_PATHS: Record<Tone, string> = {
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9z',
  info: 'M6 2v6l4 4-4 4v6h12v-6l-4-4 4-4V2H6zm10 14.5V20H8v-3.5l4-4 4 4z',
  error: 'M11 15h2v2h-2zm0-8h2v6h-2zm1-5a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z',
  neutral: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z',
};

function Fact({ label, children, testId }: { label: string; children: ComponentChildren; testId?: string }) {
  return (
    <div class="thanks-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export interface ThankYouDetailsProps {
  donation: ThankYouDonation;
  strings: ThankYouStrings;
  context: ThankYouContext;
  /** A request to the server is under way (the status island). */
  checking?: boolean;
  /** The share card, shown beside the details while the gift is paid or settling. */
  share?: ComponentChildren;
}

export function ThankYouDetails({ donation: d, strings: s, context: c, checking, share }: ThankYouDetailsProps) {
  const usd = (cents: number) => formatMoney(cents, c.lang, { whole: true });
  const state = stateOf(d, s);
  const settling = isSettling(d);
  const showShare = d.status === 1 || settling;
  return (
    <div class={showShare ? 'thanks-grid with-share' : 'thanks-grid'}>
      <section class="thanks-card" aria-labelledby="thankyou-title">
        <div class="thanks-status" role="status" aria-live="polite" data-testid="thankyou-status">
          <svg class={`thanks-icon ${state.tone}`} viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
            <path d={ICON_PATHS[state.tone]} fill="currentColor" />
          </svg>
          <h1 id="thankyou-title" data-testid="page-title">
            {state.title}
          </h1>
          <p class="thanks-body">{state.body}</p>
          {settling && (
            <p class="thanks-checking">
              <span class="thanks-spinner" aria-hidden="true" />
              {checking ? s.checking : s.autoUpdate}
            </p>
          )}
        </div>
        <h2 class="visually-hidden">{s.details}</h2>
        <dl class="thanks-summary">
          <div>
            <dt>{s.gift}</dt>
            <dd data-testid="thankyou-amount">{usd(d.amountCents)}</dd>
          </div>
          {d.coverFeeCents > 0 && (
            <div>
              <dt>{s.processingFee}</dt>
              <dd>{usd(d.coverFeeCents)}</dd>
            </div>
          )}
          <div class="thanks-total">
            <dt>{s.total}</dt>
            <dd data-testid="thankyou-total">{usd(d.totalCents)}</dd>
          </div>
        </dl>
        <dl class="thanks-facts">
          <Fact label={s.organization}>{c.organization}</Fact>
          {c.campaign && <Fact label={s.campaign}>{c.campaign}</Fact>}
          {c.player && <Fact label={s.player}>{c.player}</Fact>}
          {d.receiptNumber && (
            <Fact label={s.receipt} testId="thankyou-receipt">
              {d.receiptNumber}
            </Fact>
          )}
          {d.anonymous && <Fact label={s.shown}>{s.anonymous}</Fact>}
        </dl>
        {d.status === 1 && <p class="thanks-note">{s.receiptSent}</p>}
        <p class="actions">
          {!settling && (d.status === 0 || d.status === 2) && (
            <a class="button primary" href={c.cartHref} data-testid="thankyou-retry">
              {s.tryAgain}
            </a>
          )}
          <a class="button" href={c.backHref} data-testid="thankyou-back">
            <span aria-hidden="true">←&nbsp;</span>
            {s.back}
          </a>
        </p>
      </section>
      {showShare && share && (
        <div class="thanks-share">
          <p class="thanks-prompt" data-testid="thankyou-share-prompt">
            {s.sharePrompt}
          </p>
          {share}
        </div>
      )}
    </div>
  );
}
