/**
 * The sandbox payment provider (DECISIONS §5, §6): the default, offline. It follows Stripe's
 * test-card behaviour and object shapes, keeps its intents, refunds, accounts, transfers and
 * payouts in the database (so every instance sees one provider), honours idempotency keys the way
 * Stripe does, and sends each state change as a signed Stripe-style event through the same
 * webhook handler as Stripe (`attach`). A card form posts test numbers to it; any other number is
 * refused, as Stripe's test mode does, so no real card number is ever kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type FeeRule, formatMoney, processingFeeCents, SANDBOX_CARDS } from '@fc/contracts';
import { type Db, type Tx, transactionRetried } from '@fc/db';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  type AccountInfo,
  type IntentInfo,
  type IntentStatus,
  type MoveInfo,
  type PaymentError,
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type RefundInfo,
  type SandboxCard,
} from './payments.js';

type Deliver = (rawBody: string, signatureHeader: string) => Promise<unknown>;

interface SandboxIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: 'usd';
  status: IntentStatus;
  client_secret: string;
  description: string;
  metadata: { donation: string };
  receipt_email: string | null;
  latest_charge: string | null;
  amount_refunded: number;
  last_payment_error: { code: string; decline_code: string | null; message: string; type: string } | null;
  created: number;
  /** Processing intents settle (succeed) after this time (ms). */
  settle_at: number | null;
}

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** Connects the provider to the webhook handler its events go through. */
  attach(deliver: Deliver): void;
  /** The card form: confirms the intent with a test card and delivers the resulting events. */
  confirmWithCard(intentId: string, card: SandboxCard): Promise<IntentInfo>;
  /** Settles processing intents whose time has come (the background job); returns how many. */
  settleDue(now?: number): Promise<number>;
  /** Signs an event as this provider would (tests replay deliveries with it). */
  sign(payload: string, timestamp?: number): string;
}

const STRIPE_TEST_ONLY =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

/** Stripe's answers for its test cards. */
function cardOutcome(
  card: SandboxCard,
  now = new Date(),
): { outcome: 'succeeded' | 'processing' } | { error: PaymentError } {
  const fail = (
    code: string,
    message: string,
    declineCode: string | null = null,
    source: 'card' | 'platform' = 'card',
  ) => ({
    error: { code, declineCode, message, source },
  });
  if (!luhn(card.cardNumber)) return fail('incorrect_number', 'Your card number is incorrect.');
  const expiresEnd = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (expiresEnd <= now) return fail('expired_card', 'Your card has expired.');
  switch (card.cardNumber) {
    case SANDBOX_CARDS.success:
    case '5555555555554444':
    case '4000056655665556':
      return { outcome: 'succeeded' };
    case SANDBOX_CARDS.processing:
      return { outcome: 'processing' };
    case SANDBOX_CARDS.declined:
      return fail('card_declined', 'Your card was declined.', 'generic_decline');
    case SANDBOX_CARDS.insufficientFunds:
      return fail('card_declined', 'Your card has insufficient funds.', 'insufficient_funds');
    case SANDBOX_CARDS.processingError:
      return fail(
        'processing_error',
        'An error occurred while processing your card. Try again in a little bit.',
        null,
        'platform',
      );
    default:
      return fail('card_declined', STRIPE_TEST_ONLY, 'test_mode_live_card');
  }
}

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);
const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

function toInfo(pi: SandboxIntent): IntentInfo {
  const e = pi.last_payment_error;
  return {
    id: pi.id,
    clientSecret: pi.client_secret,
    status: pi.status,
    amountCents: pi.amount,
    amountRefundedCents: pi.amount_refunded,
    lastError: e
      ? {
          code: e.code,
          declineCode: e.decline_code,
          message: e.message,
          source: e.code === 'processing_error' ? 'platform' : 'card',
        }
      : null,
  };
}

export function sandboxProvider(
  db: Db,
  opts: { webhookSecret: string; feeRule: FeeRule; settleSeconds: number },
): SandboxProvider {
  // Only the webhook helpers of the SDK are used: they need no key and make no network calls.
  const signer = new Stripe('sk_test_sandbox_offline');
  let deliver: Deliver | null = null;

  const sign = (payload: string, timestamp?: number) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret, timestamp });

  async function send(events: ProviderEvent[]) {
    if (!deliver) throw new Error('sandbox provider is not attached to the webhook handler');
    for (const event of events) {
      const payload = JSON.stringify(event);
      await deliver(payload, sign(payload));
    }
  }
  const event = (type: string, object: object, account?: string): ProviderEvent => ({
    id: newId('evt'),
    type,
    created: seconds(),
    account: account ?? null,
    data: { object: JSON.parse(JSON.stringify(object)) as Record<string, unknown> },
  });

  async function load<T>(tx: Tx | Db, id: string, kind: string, lock = false): Promise<T> {
    const res = (await tx.execute(
      lock
        ? sql`select data from sandbox_objects where id = ${id} and kind = ${kind} for update`
        : sql`select data from sandbox_objects where id = ${id} and kind = ${kind}`,
    )) as unknown as { rows: { data: T }[] };
    const row = res.rows[0];
    if (!row) throw new ProviderError(400, 'resource_missing', `No such ${kind}: '${id}'`);
    return row.data;
  }
  const save = (tx: Tx, id: string, kind: string, data: object) =>
    tx.execute(sql`insert into sandbox_objects (id, kind, data) values (${id}, ${kind}, ${JSON.stringify(data)}::jsonb)
      on conflict (id) do update set data = excluded.data, updated_at = now()`);

  /**
   * Runs `fn` once per idempotency key, as Stripe does: a repeat with the same parameters gets the
   * first answer (and causes nothing), a repeat with other parameters is refused.
   */
  async function idempotent<T>(
    key: string,
    request: unknown,
    fn: (tx: Tx) => Promise<{ result: T; events: ProviderEvent[] }>,
    eventsMayBeLost = false,
  ): Promise<T> {
    const requestHash = hash(request);
    // The sandbox's "provider" is its own rows: database-only, run again if the connection is lost
    // before the commit (retry.ts). New ids are drawn again; the first attempt left none behind.
    // With the commit in flight, a second run finds the key and answers the first response, but
    // without the first run's events: only where they are not needed (`eventsMayBeLost`).
    const { result, events } = await transactionRetried(
      db,
      async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox-idem:${key}`}))`);
        const found = (await tx.execute(
          sql`select request_hash, response from sandbox_idempotency where key = ${key}`,
        )) as unknown as { rows: { request_hash: string; response: T }[] };
        const prior = found.rows[0];
        if (prior) {
          if (prior.request_hash !== requestHash)
            throw new ProviderError(
              400,
              'idempotency_key_in_use',
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          return { result: prior.response, events: [] as ProviderEvent[] };
        }
        const done = await fn(tx);
        await tx.execute(sql`insert into sandbox_idempotency (key, request_hash, response)
        values (${key}, ${requestHash}, ${JSON.stringify(done.result)}::jsonb)`);
        return done;
      },
      eventsMayBeLost ? { ifCommitUnknown: 'rerun' } : {},
    );
    await send(events);
    return result;
  }

  /** Changes an intent under its row lock; events are delivered after the commit. */
  async function withIntent(
    id: string,
    fn: (pi: SandboxIntent, tx: Tx) => Promise<ProviderEvent[]> | ProviderEvent[],
    rerunIfCommitUnknown = false,
  ): Promise<IntentInfo> {
    // Database-only, the intent read again under its lock by each attempt (retry.ts).
    const { pi, events } = await transactionRetried(
      db,
      async (tx) => {
        const current = await load<SandboxIntent>(tx, id, 'payment_intent', true);
        const evts = await fn(current, tx);
        await save(tx, id, 'payment_intent', current);
        return { pi: current, events: evts };
      },
      rerunIfCommitUnknown ? { ifCommitUnknown: 'rerun' } : {},
    );
    await send(events);
    return toInfo(pi);
  }

  const unexpectedState = (pi: SandboxIntent, verb: string) =>
    new ProviderError(
      400,
      'payment_intent_unexpected_state',
      `You cannot ${verb} this PaymentIntent because it has a status of ${pi.status}.`,
    );

  function succeed(pi: SandboxIntent): ProviderEvent[] {
    pi.status = 'succeeded';
    pi.settle_at = null;
    pi.last_payment_error = null;
    pi.latest_charge = pi.latest_charge ?? newId('ch');
    return [event('payment_intent.succeeded', pi)];
  }

  const provider: SandboxProvider = {
    kind: 'sandbox',
    publishableKey: null,
    attach(fn) {
      deliver = fn;
    },
    sign,

    createIntent(input, key) {
      // Its `payment_intent.created` only links the intent to the donation, which the checkout
      // does itself when it stores the intent (checkout.service openIntent).
      return idempotent(
        key,
        ['createIntent', input],
        async (tx) => {
          const id = newId('pi');
          const pi: SandboxIntent = {
            id,
            object: 'payment_intent',
            amount: input.amountCents,
            currency: 'usd',
            status: 'requires_payment_method',
            client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
            description: input.description,
            metadata: { donation: input.donationPublicId },
            receipt_email: input.receiptEmail ?? null,
            latest_charge: null,
            amount_refunded: 0,
            last_payment_error: null,
            created: seconds(),
            settle_at: null,
          };
          await save(tx, id, 'payment_intent', pi);
          return { result: toInfo(pi), events: [event('payment_intent.created', pi)] };
        },
        true,
      );
    },

    async retrieveIntent(id) {
      return toInfo(await load<SandboxIntent>(db, id, 'payment_intent'));
    },

    updateIntentAmount(id, amountCents, key) {
      return idempotent(key, ['updateIntentAmount', id, amountCents], async (tx) => {
        const pi = await load<SandboxIntent>(tx, id, 'payment_intent', true);
        if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation')
          throw unexpectedState(pi, 'update');
        pi.amount = amountCents;
        await save(tx, id, 'payment_intent', pi);
        return { result: toInfo(pi), events: [] };
      });
    },

    cancelIntent(id, key) {
      return idempotent(key, ['cancelIntent', id], async (tx) => {
        const pi = await load<SandboxIntent>(tx, id, 'payment_intent', true);
        if (pi.status === 'succeeded' || pi.status === 'processing') throw unexpectedState(pi, 'cancel');
        if (pi.status === 'canceled') return { result: toInfo(pi), events: [] };
        pi.status = 'canceled';
        await save(tx, id, 'payment_intent', pi);
        return { result: toInfo(pi), events: [event('payment_intent.canceled', pi)] };
      });
    },

    async processingFee(_id, chargeCents) {
      return processingFeeCents(chargeCents, opts.feeRule);
    },

    refund(intentId, amountCents, key) {
      return idempotent(key, ['refund', intentId, amountCents], async (tx) => {
        const pi = await load<SandboxIntent>(tx, intentId, 'payment_intent', true);
        if (pi.status !== 'succeeded' || !pi.latest_charge)
          throw new ProviderError(
            400,
            'charge_not_refundable',
            'This PaymentIntent does not have a successful charge to refund.',
          );
        if (amountCents <= 0 || pi.amount_refunded + amountCents > pi.amount)
          throw new ProviderError(
            400,
            'amount_too_large',
            `Refund amount (${formatMoney(amountCents, 'en')}) is greater than unrefunded amount on charge (${formatMoney(pi.amount - pi.amount_refunded, 'en')})`,
          );
        pi.amount_refunded += amountCents;
        await save(tx, intentId, 'payment_intent', pi);
        const refund: RefundInfo = { id: newId('re'), status: 'succeeded', amountCents };
        const charge = {
          id: pi.latest_charge,
          object: 'charge',
          payment_intent: pi.id,
          amount: pi.amount,
          amount_refunded: pi.amount_refunded,
          refunded: pi.amount_refunded >= pi.amount,
          metadata: pi.metadata,
        };
        return { result: refund, events: [event('charge.refunded', charge)] };
      });
    },

    createAccount(input, key) {
      // The sandbox verifies at once: there is no one to send through onboarding.
      return idempotent(key, ['createAccount', input], async (tx) => {
        const accountId = newId('acct');
        await save(tx, accountId, 'account', { id: accountId, payouts_enabled: true, metadata: input });
        return { result: { accountId, status: 'verified', onboardingUrl: null } as AccountInfo, events: [] };
      });
    },

    async accountStatus(accountId) {
      await load(db, accountId, 'account');
      return { accountId, status: 'verified', onboardingUrl: null };
    },

    transfer(input, key) {
      return idempotent(key, ['transfer', input], async (tx) => {
        await load(tx, input.accountId, 'account');
        const id = newId('tr');
        await save(tx, id, 'transfer', { id, amount: input.amountCents, destination: input.accountId });
        return { result: { id, status: 'succeeded', arrivalDate: null } as MoveInfo, events: [] };
      });
    },

    payout(input, key) {
      return idempotent(key, ['payout', input], async (tx) => {
        await load(tx, input.accountId, 'account');
        const id = newId('po');
        const arrival = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
        const po = { id, object: 'payout', amount: input.amountCents, status: 'paid', arrival_date: arrival };
        await save(tx, id, 'payout', po);
        return {
          result: { id, status: 'paid', arrivalDate: arrival } as MoveInfo,
          events: [event('payout.paid', po, input.accountId)],
        };
      });
    },

    verifyWebhook(rawBody, header) {
      try {
        return signer.webhooks.constructEvent(rawBody, header, opts.webhookSecret) as unknown as ProviderEvent;
      } catch (err) {
        throw new ProviderError(400, 'signature_verification_failed', (err as Error).message);
      }
    },

    // Run again when its commit's outcome is unknown: after a commit, the second run finds the
    // intent paid and answers "unexpected state", on which the card form reads the intent back
    // and applies it (cart.service confirmWithCard), so the lost first run's event is not needed.
    confirmWithCard(intentId, card) {
      const verdict = cardOutcome(card);
      return withIntent(
        intentId,
        (pi) => {
          if (pi.status === 'succeeded' || pi.status === 'processing' || pi.status === 'canceled')
            throw unexpectedState(pi, 'confirm');
          if ('error' in verdict) {
            const e = verdict.error;
            pi.status = 'requires_payment_method';
            pi.last_payment_error = {
              code: e.code,
              decline_code: e.declineCode,
              message: e.message,
              type: e.source === 'card' ? 'card_error' : 'api_error',
            };
            return [event('payment_intent.payment_failed', pi)];
          }
          if (verdict.outcome === 'processing') {
            pi.status = 'processing';
            pi.last_payment_error = null;
            pi.settle_at = Date.now() + opts.settleSeconds * 1000;
            return [event('payment_intent.processing', pi)];
          }
          return succeed(pi);
        },
        true,
      );
    },

    async settleDue(now = Date.now()) {
      const due = (await db.execute(
        sql`select id from sandbox_objects where kind = 'payment_intent' and data->>'status' = 'processing'
          and (data->>'settle_at')::bigint <= ${now} limit 100`,
      )) as unknown as { rows: { id: string }[] };
      let settled = 0;
      for (const { id } of due.rows) {
        await withIntent(id, (pi) => {
          if (pi.status !== 'processing') return [];
          settled += 1;
          return succeed(pi);
        });
      }
      return settled;
    },
  };
  return provider;
}
