/**
 * The Stripe provider against a local server that plays Stripe's API: the test asserts what the
 * official SDK actually puts on the wire (amounts, currency, metadata, idempotency keys, the
 * Stripe-Account header), how Stripe's error answers come back as ProviderErrors, and that
 * webhooks signed for real are accepted while bad or stale signatures are refused
 * (RELIABILITY rows 8 and 12).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PaymentProvider, ProviderError } from './payments.js';
import { stripeProvider } from './stripe.js';

const SECRET_KEY = 'sk_test_51LocalFakeKeyOnlyForThisTest0000000000000000000000';
const WEBHOOK_SECRET = 'whsec_local_test_secret_0123456789abcdef';
const PUBLIC_URL = 'https://fundraise.example.org/';
const NOW = () => Math.floor(Date.now() / 1000);

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  idempotencyKey: string | null;
  stripeAccount: string | null;
  authorization: string | null;
}
type Reply = { status: number; body: unknown } | 'close' | 'hang';
type Json = Record<string, unknown>;

// --- A small Stripe: state for the objects the provider touches --------------------------------

interface IntentState {
  id: string;
  amount: number;
  status: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: Json | null;
}
interface ChargeState {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent: string;
  balance_transaction: string | null;
}
interface AccountState {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  details_submitted: boolean;
  transfers: 'active' | 'inactive' | 'pending';
  disabled_reason: string | null;
}

let seq = 0;
const newId = (prefix: string) => `${prefix}_${(++seq).toString(36).padStart(6, '0')}TestObj`;
const intents = new Map<string, IntentState>();
const charges = new Map<string, ChargeState>();
const fees = new Map<string, number>();
const accounts = new Map<string, AccountState>();

function seed() {
  intents.clear();
  charges.clear();
  fees.clear();
  accounts.clear();
  // A paid $25 donation, $5 refunded; an international card: Stripe kept 4.4% + 30 = 140 cents.
  intents.set('pi_paid', {
    id: 'pi_paid',
    amount: 2500,
    status: 'succeeded',
    description: 'Donation to Eagles U12',
    receipt_email: 'donor@example.com',
    metadata: { donation: 'don_paid' },
    latest_charge: 'ch_paid',
    last_payment_error: null,
  });
  charges.set('ch_paid', {
    id: 'ch_paid',
    amount: 2500,
    amount_refunded: 500,
    payment_intent: 'pi_paid',
    balance_transaction: 'txn_paid',
  });
  fees.set('txn_paid', 140);
  // Succeeded a moment ago: the balance transaction is not there yet.
  intents.set('pi_fresh', { ...intents.get('pi_paid')!, id: 'pi_fresh', latest_charge: 'ch_fresh' });
  charges.set('ch_fresh', {
    id: 'ch_fresh',
    amount: 2500,
    amount_refunded: 0,
    payment_intent: 'pi_fresh',
    balance_transaction: null,
  });
  intents.set('pi_declined', {
    ...intents.get('pi_paid')!,
    id: 'pi_declined',
    status: 'requires_payment_method',
    latest_charge: null,
    last_payment_error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    },
  });
  intents.set('pi_platform', {
    ...intents.get('pi_declined')!,
    id: 'pi_platform',
    last_payment_error: {
      type: 'api_error',
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  });
  const base = { email: 'treasurer@eagles.example.org', name: 'Eagles Youth Soccer', metadata: {} };
  accounts.set('acct_verified', {
    ...base,
    id: 'acct_verified',
    payouts_enabled: true,
    charges_enabled: false,
    details_submitted: true,
    transfers: 'active',
    disabled_reason: null,
  });
  accounts.set('acct_review', {
    ...base,
    id: 'acct_review',
    payouts_enabled: false,
    charges_enabled: false,
    details_submitted: true,
    transfers: 'pending',
    disabled_reason: 'requirements.pending_verification',
  });
  accounts.set('acct_pastdue', {
    ...accounts.get('acct_review')!,
    id: 'acct_pastdue',
    transfers: 'inactive',
    disabled_reason: 'requirements.past_due',
  });
  accounts.set('acct_rejected', {
    ...accounts.get('acct_pastdue')!,
    id: 'acct_rejected',
    disabled_reason: 'rejected.fraud',
  });
}

function renderCharge(c: ChargeState, expandTxn: boolean): Json {
  const fee = c.balance_transaction ? fees.get(c.balance_transaction) : undefined;
  return {
    id: c.id,
    object: 'charge',
    amount: c.amount,
    amount_captured: c.amount,
    amount_refunded: c.amount_refunded,
    balance_transaction:
      expandTxn && c.balance_transaction && fee !== undefined
        ? {
            id: c.balance_transaction,
            object: 'balance_transaction',
            amount: c.amount,
            currency: 'usd',
            fee,
            fee_details: [{ amount: fee, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee' }],
            net: c.amount - fee,
            status: 'pending',
            type: 'charge',
          }
        : c.balance_transaction,
    captured: true,
    currency: 'usd',
    paid: true,
    payment_intent: c.payment_intent,
    refunded: c.amount_refunded === c.amount,
    status: 'succeeded',
  };
}

function renderIntent(pi: IntentState, expand: string[] = []): Json {
  const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
  const expandCharge = expand.some((e) => e === 'latest_charge' || e.startsWith('latest_charge.'));
  return {
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_capturable: 0,
    amount_received: pi.status === 'succeeded' ? pi.amount : 0,
    automatic_payment_methods: { allow_redirects: 'always', enabled: true },
    canceled_at: pi.status === 'canceled' ? NOW() : null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${pi.id}_secret_3Qn8TestSecret`,
    confirmation_method: 'automatic',
    created: 1_760_000_000,
    currency: 'usd',
    description: pi.description,
    last_payment_error: pi.last_payment_error,
    latest_charge:
      charge && expandCharge
        ? renderCharge(charge, expand.includes('latest_charge.balance_transaction'))
        : pi.latest_charge,
    livemode: false,
    metadata: pi.metadata,
    payment_method: null,
    payment_method_types: ['card', 'link'],
    receipt_email: pi.receipt_email,
    status: pi.status,
  };
}

function renderAccount(a: AccountState): Json {
  const due = a.details_submitted ? [] : ['business_type', 'external_account', 'tos_acceptance.date'];
  return {
    id: a.id,
    object: 'account',
    business_profile: { name: a.name, mcc: null, url: null },
    capabilities: { transfers: a.transfers },
    charges_enabled: a.charges_enabled,
    country: 'US',
    created: 1_760_000_000,
    default_currency: 'usd',
    details_submitted: a.details_submitted,
    email: a.email,
    metadata: a.metadata,
    payouts_enabled: a.payouts_enabled,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: due,
      disabled_reason: a.disabled_reason,
      errors: [],
      eventually_due: due,
      past_due: a.disabled_reason === 'requirements.past_due' ? due : [],
      pending_verification: [],
    },
    type: 'express',
  };
}

const stripeError = (status: number, error: Json) => ({ status, body: { error } });
const missing = (kind: string, id: string) =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });

/** Stripe's routes that the provider calls. */
function route(r: Recorded): Reply {
  const f = r.form;
  const expand = [...r.query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
  const [, , resource, id, action] = r.path.split('/');
  const key = `${r.method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
  switch (key) {
    case 'POST payment_intents': {
      const pi: IntentState = {
        id: newId('pi'),
        amount: Number(f.get('amount')),
        status: 'requires_payment_method',
        description: f.get('description'),
        receipt_email: f.get('receipt_email'),
        metadata: { donation: f.get('metadata[donation]') ?? '' },
        latest_charge: null,
        last_payment_error: null,
      };
      intents.set(pi.id, pi);
      return { status: 200, body: renderIntent(pi) };
    }
    case 'GET payment_intents/:id':
    case 'POST payment_intents/:id':
    case 'POST payment_intents/:id/cancel': {
      const pi = intents.get(id!);
      if (!pi) return missing('payment_intent', id!);
      if (action === 'cancel') pi.status = 'canceled';
      else if (f.has('amount')) pi.amount = Number(f.get('amount'));
      return { status: 200, body: renderIntent(pi, expand) };
    }
    case 'POST refunds': {
      const pi = intents.get(f.get('payment_intent') ?? '');
      const charge = pi?.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (!charge) return missing('payment_intent', f.get('payment_intent') ?? '');
      const amount = Number(f.get('amount'));
      charge.amount_refunded += amount;
      return {
        status: 200,
        body: {
          id: newId('re'),
          object: 'refund',
          amount,
          balance_transaction: newId('txn'),
          charge: charge.id,
          created: NOW(),
          currency: 'usd',
          metadata: {},
          payment_intent: charge.payment_intent,
          reason: null,
          status: 'succeeded',
        },
      };
    }
    case 'POST accounts': {
      const a: AccountState = {
        id: newId('acct'),
        email: f.get('email'),
        name: f.get('business_profile[name]'),
        metadata: { organizationId: f.get('metadata[organizationId]') ?? '' },
        payouts_enabled: false,
        charges_enabled: false,
        details_submitted: false,
        transfers: 'inactive',
        // What Stripe reports for a brand-new Express account that has not started onboarding.
        disabled_reason: 'requirements.past_due',
      };
      accounts.set(a.id, a);
      return { status: 200, body: renderAccount(a) };
    }
    case 'GET accounts/:id': {
      const a = accounts.get(id!);
      return a ? { status: 200, body: renderAccount(a) } : missing('account', id!);
    }
    case 'POST account_links':
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: NOW(),
          expires_at: NOW() + 300,
          url: `https://connect.stripe.com/setup/e/${f.get('account')}/Xy3TestLink`,
        },
      };
    case 'POST transfers':
      return {
        status: 200,
        body: {
          id: newId('tr'),
          object: 'transfer',
          amount: Number(f.get('amount')),
          amount_reversed: 0,
          created: NOW(),
          currency: f.get('currency'),
          destination: f.get('destination'),
          destination_payment: newId('py'),
          livemode: false,
          metadata: {},
          reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: '/v1/transfers/tr/reversals' },
          reversed: false,
          transfer_group: f.get('transfer_group'),
        },
      };
    case 'POST payouts':
      return {
        status: 200,
        body: {
          id: newId('po'),
          object: 'payout',
          amount: Number(f.get('amount')),
          arrival_date: 1_767_225_600, // 2026-01-01T00:00:00Z
          automatic: false,
          created: NOW(),
          currency: f.get('currency'),
          destination: 'ba_1TestBankAccount',
          livemode: false,
          metadata: {},
          method: 'standard',
          status: 'pending',
          type: 'bank_account',
        },
      };
    default:
      return stripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${r.method}: ${r.path}).`,
      });
  }
}

// --- The server ----------------------------------------------------------------------------------

let requests: Recorded[] = [];
/** Lets a test answer differently (errors, closed sockets); undefined falls through to Stripe. */
let intercept: ((r: Recorded, nth: number) => Reply | undefined) | null = null;
const hanging = new Set<http.ServerResponse>();

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const rec: Recorded = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      idempotencyKey: header('idempotency-key'),
      stripeAccount: header('stripe-account'),
      authorization: header('authorization'),
    };
    requests.push(rec);
    const reply = intercept?.(rec, requests.length) ?? route(rec);
    if (reply === 'close') {
      req.socket.destroy();
      return;
    }
    if (reply === 'hang') {
      hanging.add(res);
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
    res.end(JSON.stringify(reply.body));
  });
});

let port = 0;
let provider: PaymentProvider;
const make = (extra: Partial<Stripe.StripeConfig> = {}, feeRule?: { percentBps: number; fixedCents: number }) =>
  stripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_51LocalFake',
    webhookSecret: WEBHOOK_SECRET,
    publicUrl: PUBLIC_URL,
    feeRule,
    stripeOptions: { host: '127.0.0.1', port, protocol: 'http', ...extra },
  });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  provider = make();
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests = [];
  intercept = null;
  seed();
});

async function providerError(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error('expected the call to fail with a ProviderError');
}
const writes = () => requests.filter((r) => r.method === 'POST');
const only = () => {
  expect(requests).toHaveLength(1);
  return requests[0]!;
};

// --- Requests the adapter sends -------------------------------------------------------------------

describe('stripe provider: what goes on the wire', () => {
  it('creates a payment intent in cents, usd, with automatic methods, metadata and our key', async () => {
    const info = await provider.createIntent(
      {
        amountCents: 2590,
        donationPublicId: 'don_7Hq2',
        description: 'Donation to Eagles U12',
        receiptEmail: 'donor@example.com',
      },
      'donation:don_7Hq2:intent',
    );
    const r = only();
    expect([r.method, r.path]).toEqual(['POST', '/v1/payment_intents']);
    expect(Object.fromEntries(r.form)).toEqual({
      amount: '2590',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      description: 'Donation to Eagles U12',
      receipt_email: 'donor@example.com',
      'metadata[donation]': 'don_7Hq2',
    });
    expect(r.idempotencyKey).toBe('donation:don_7Hq2:intent');
    expect(r.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(info).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: `${info.id}_secret_3Qn8TestSecret`,
      status: 'requires_payment_method',
      amountCents: 2590,
      amountRefundedCents: 0,
      lastError: null,
    });
  });

  it('leaves receipt_email out when the donor gave none', async () => {
    await provider.createIntent({ amountCents: 2000, donationPublicId: 'don_x', description: 'Donation' }, 'k-1');
    expect(only().form.has('receipt_email')).toBe(false);
  });

  it('retrieves with the latest charge expanded, so refunded cents are known', async () => {
    const info = await provider.retrieveIntent('pi_paid');
    const r = only();
    expect([r.method, r.path, r.query.getAll('expand[0]')]).toEqual([
      'GET',
      '/v1/payment_intents/pi_paid',
      ['latest_charge'],
    ]);
    expect(info).toMatchObject({ status: 'succeeded', amountCents: 2500, amountRefundedCents: 500, lastError: null });
  });

  it('maps the last payment error: card errors to the donor, the rest to the platform', async () => {
    expect((await provider.retrieveIntent('pi_declined')).lastError).toEqual({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      source: 'card',
    });
    expect((await provider.retrieveIntent('pi_platform')).lastError).toEqual({
      code: 'processing_error',
      declineCode: null,
      message: 'An error occurred while processing your card. Try again in a little bit.',
      source: 'platform',
    });
  });

  it('updates the amount and cancels with our key', async () => {
    const updated = await provider.updateIntentAmount('pi_declined', 5000, 'donation:don_paid:amount:5000');
    const canceled = await provider.cancelIntent('pi_declined', 'donation:don_paid:cancel');
    expect(requests.map((r) => [r.method, r.path, Object.fromEntries(r.form), r.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_intents/pi_declined', { amount: '5000' }, 'donation:don_paid:amount:5000'],
      ['POST', '/v1/payment_intents/pi_declined/cancel', {}, 'donation:don_paid:cancel'],
    ]);
    expect(updated.amountCents).toBe(5000);
    expect(canceled.status).toBe('canceled');
  });

  it("takes the processing fee from Stripe's balance transaction, else estimates with the fee rule", async () => {
    expect(await provider.processingFee('pi_paid', 2500)).toBe(140);
    expect(requests[0]!.query.getAll('expand[0]')).toEqual(['latest_charge.balance_transaction']);
    expect(await provider.processingFee('pi_fresh', 2500)).toBe(103); // 2.9% + 30 (default rule)
    expect(await make({}, { percentBps: 220, fixedCents: 30 }).processingFee('pi_fresh', 2500)).toBe(85);
  });

  it('refunds part of a payment with our key', async () => {
    const refund = await provider.refund('pi_paid', 700, 'refund:41');
    const r = only();
    expect([r.method, r.path, Object.fromEntries(r.form), r.idempotencyKey]).toEqual([
      'POST',
      '/v1/refunds',
      { payment_intent: 'pi_paid', amount: '700' },
      'refund:41',
    ]);
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded', amountCents: 700 });
  });

  it('creates an Express account for transfers and returns a Stripe onboarding link', async () => {
    const info = await provider.createAccount(
      { organizationId: 12, name: 'Eagles Youth Soccer', email: 'treasurer@eagles.example.org' },
      'org:12:account',
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/accounts',
      `GET /v1/accounts/${info.accountId}`,
      'POST /v1/account_links',
    ]);
    const [create, , link] = requests;
    expect(Object.fromEntries(create!.form)).toEqual({
      type: 'express',
      country: 'US',
      email: 'treasurer@eagles.example.org',
      'business_profile[name]': 'Eagles Youth Soccer',
      'capabilities[transfers][requested]': 'true',
      'metadata[organizationId]': '12',
    });
    expect(create!.idempotencyKey).toBe('org:12:account');
    expect(Object.fromEntries(link!.form)).toEqual({
      account: info.accountId,
      refresh_url: 'https://fundraise.example.org/orgs/organizations/list',
      return_url: 'https://fundraise.example.org/orgs/organizations/list',
      type: 'account_onboarding',
    });
    expect(info).toEqual({
      accountId: expect.stringMatching(/^acct_/),
      status: 'pending',
      onboardingUrl: `https://connect.stripe.com/setup/e/${info.accountId}/Xy3TestLink`,
    });
  });

  it('reads verification: verified (no link), pending review, restricted, rejected (no link)', async () => {
    expect(await provider.accountStatus('acct_verified')).toEqual({
      accountId: 'acct_verified',
      status: 'verified',
      onboardingUrl: null,
    });
    expect(requests.filter((r) => r.path === '/v1/account_links')).toHaveLength(0);
    expect((await provider.accountStatus('acct_review')).status).toBe('pending');
    const pastDue = await provider.accountStatus('acct_pastdue');
    expect(pastDue).toMatchObject({ status: 'restricted', onboardingUrl: expect.stringContaining('acct_pastdue') });
    expect(await provider.accountStatus('acct_rejected')).toEqual({
      accountId: 'acct_rejected',
      status: 'restricted',
      onboardingUrl: null,
    });
  });

  it('transfers to the destination account from the platform (no Stripe-Account header)', async () => {
    const t = await provider.transfer(
      { accountId: 'acct_verified', amountCents: 48_215, transferGroup: 'campaign:9' },
      'transfer:9:1',
    );
    const r = only();
    expect([r.path, Object.fromEntries(r.form), r.idempotencyKey, r.stripeAccount]).toEqual([
      '/v1/transfers',
      { amount: '48215', currency: 'usd', destination: 'acct_verified', transfer_group: 'campaign:9' },
      'transfer:9:1',
      null,
    ]);
    expect(t).toEqual({ id: expect.stringMatching(/^tr_/), status: 'succeeded', arrivalDate: null });
  });

  it("pays out on the connected account's behalf (Stripe-Account header)", async () => {
    const p = await provider.payout({ accountId: 'acct_verified', amountCents: 48_215 }, 'payout:3');
    const r = only();
    expect([r.path, Object.fromEntries(r.form), r.idempotencyKey, r.stripeAccount]).toEqual([
      '/v1/payouts',
      { amount: '48215', currency: 'usd' },
      'payout:3',
      'acct_verified',
    ]);
    expect(p).toEqual({ id: expect.stringMatching(/^po_/), status: 'pending', arrivalDate: '2026-01-01' });
  });

  it('RELIABILITY row 12: every write carries the caller key, unchanged', async () => {
    const calls: Array<[string, (key: string) => Promise<unknown>]> = [
      [
        'donation:don_a:intent',
        (k) => provider.createIntent({ amountCents: 2000, donationPublicId: 'don_a', description: 'D' }, k),
      ],
      ['donation:don_a:amount:2500', (k) => provider.updateIntentAmount('pi_declined', 2500, k)],
      ['donation:don_a:cancel', (k) => provider.cancelIntent('pi_declined', k)],
      ['refund:77', (k) => provider.refund('pi_paid', 100, k)],
      ['org:5:account', (k) => provider.createAccount({ organizationId: 5, name: 'Hawks', email: null }, k)],
      [
        'transfer:5:1',
        (k) => provider.transfer({ accountId: 'acct_verified', amountCents: 900, transferGroup: 'g' }, k),
      ],
      ['payout:5:1', (k) => provider.payout({ accountId: 'acct_verified', amountCents: 900 }, k)],
    ];
    let total = 0;
    let withoutOurKey = 0;
    for (const [key, call] of calls) {
      requests = [];
      await call(key);
      // Account links are short-lived and single-use: no caller key, the SDK's own guards retries.
      const ours = writes().filter((r) => r.path !== '/v1/account_links');
      total += ours.length;
      withoutOurKey += ours.filter((r) => r.idempotencyKey !== key).length;
    }
    console.log(
      `RELIABILITY row 12: provider writes without the caller's idempotency key: ${withoutOurKey} of ${total}`,
    );
    expect(total).toBe(calls.length);
    expect(withoutOurKey).toBe(0);
  });
});

// --- Errors -------------------------------------------------------------------------------------

describe('stripe provider: errors', () => {
  const create = (p = provider) =>
    p.createIntent({ amountCents: 2000, donationPublicId: 'don_e', description: 'Donation' }, 'donation:don_e:intent');

  it("turns a card decline (402) into ProviderError 402 with Stripe's message, without retrying", async () => {
    intercept = () =>
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        charge: 'ch_3Declined',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      });
    const err = await providerError(create());
    expect([err.status, err.code, err.message]).toEqual([402, 'card_declined', 'Your card was declined.']);
    expect(err.payment).toEqual({
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
      source: 'card',
    });
    expect(requests).toHaveLength(1);
  });

  it('turns an invalid request into ProviderError 400', async () => {
    const err = await providerError(provider.retrieveIntent('pi_missing'));
    expect([err.status, err.code, err.message]).toEqual([
      400,
      'resource_missing',
      "No such payment_intent: 'pi_missing'",
    ]);
  });

  it('turns a key reused with other parameters into ProviderError 400 idempotency_key_in_use', async () => {
    intercept = () =>
      stripeError(400, {
        type: 'idempotency_error',
        message:
          "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'donation:don_e:intent' if you meant to execute a different request.",
      });
    const err = await providerError(create());
    expect([err.status, err.code]).toEqual([400, 'idempotency_key_in_use']);
  });

  it('retries a 500 with the same key, then answers 502 PAYMENT_PROVIDER_UNAVAILABLE', {
    timeout: 15_000,
  }, async () => {
    intercept = () => stripeError(500, { type: 'api_error', message: 'Something went wrong on our end.' });
    const err = await providerError(create());
    expect([err.status, err.code, err.message]).toEqual([
      502,
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'We could not reach the payment processor. Nothing was charged; please try again in a minute.',
    ]);
    expect(requests.length).toBe(3); // the first try and maxNetworkRetries: 2
    expect(new Set(requests.map((r) => r.idempotencyKey))).toEqual(new Set(['donation:don_e:intent']));
  });

  it('a closed connection becomes 502; a retry after one succeeds with the same key', { timeout: 15_000 }, async () => {
    intercept = () => 'close';
    const err = await providerError(create());
    expect([err.status, err.code]).toEqual([502, 'PAYMENT_PROVIDER_UNAVAILABLE']);
    const failedTries = requests.length;

    requests = [];
    intercept = (_r, nth) => (nth === 1 ? 'close' : undefined);
    const info = await create();
    expect(info.amountCents).toBe(2000);
    const retried = [...requests];
    const differentKey = retried.filter((r) => r.idempotencyKey !== 'donation:don_e:intent').length;
    console.log(
      `retries: ${failedTries} tries before giving up; retried writes with a different idempotency key: ${differentKey} of ${retried.length}`,
    );
    expect(failedTries).toBeGreaterThan(1);
    expect(retried).toHaveLength(2);
    expect(differentKey).toBe(0);
  });

  it('a request that outlives the timeout becomes 502', { timeout: 15_000 }, async () => {
    intercept = () => 'hang';
    const err = await providerError(create(make({ timeout: 200, maxNetworkRetries: 0 })));
    expect([err.status, err.code]).toEqual([502, 'PAYMENT_PROVIDER_UNAVAILABLE']);
  });

  it('rejected credentials become 502 and no error carries the secret key', async () => {
    intercept = () =>
      stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: sk_test_****${SECRET_KEY.slice(-4)}`,
      });
    const auth = await providerError(create());
    // An answer that would echo the key as is (a proxy, a future message) is redacted too.
    intercept = () => stripeError(400, { type: 'invalid_request_error', message: `Bad key ${SECRET_KEY}` });
    const echoed = await providerError(create());
    expect(auth.status).toBe(502);
    for (const e of [auth, echoed]) {
      expect(`${e.message} ${JSON.stringify(e)} ${e.stack}`).not.toContain(SECRET_KEY);
    }
  });
});

// --- Webhooks -------------------------------------------------------------------------------------

describe('stripe provider: webhook signatures (RELIABILITY row 8)', () => {
  const event = {
    id: 'evt_3QnTestSucceeded',
    object: 'event',
    account: 'acct_verified',
    api_version: '2025-10-29.clover',
    created: NOW(),
    data: {
      object: {
        id: 'pi_paid',
        object: 'payment_intent',
        amount: 2500,
        amount_received: 2500,
        currency: 'usd',
        latest_charge: 'ch_paid',
        metadata: { donation: 'don_paid' },
        status: 'succeeded',
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: 'donation:don_paid:intent' },
    type: 'payment_intent.succeeded',
  };
  const payload = JSON.stringify(event);
  const sign = (opts: { payload?: string; secret?: string; timestamp?: number; scheme?: string } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...opts });

  it('accepts a signed event (string or Buffer body) and returns it in Stripe shape', () => {
    const header = sign();
    const expected = {
      id: 'evt_3QnTestSucceeded',
      type: 'payment_intent.succeeded',
      created: event.created,
      account: 'acct_verified',
      data: { object: event.data.object },
    };
    expect(provider.verifyWebhook(payload, header)).toEqual(expected);
    expect(provider.verifyWebhook(Buffer.from(payload), header)).toEqual(expected);
    // Within the 300 s tolerance: a delivery retried four minutes later still verifies.
    expect(provider.verifyWebhook(payload, sign({ timestamp: NOW() - 240 })).id).toBe(event.id);
  });

  it('refuses bad or stale signatures', () => {
    const good = sign();
    const v1 = /v1=([0-9a-f]+)/.exec(good)![1]!;
    const t = /t=(\d+)/.exec(good)![1]!;
    const tampered = payload.replace('"amount":2500', '"amount":250000');
    const attempts: Array<[string, string | Buffer, string]> = [
      ['tampered payload', tampered, good],
      ['tampered Buffer payload', Buffer.from(tampered), good],
      ['other event, same header', payload.replace('evt_3QnTestSucceeded', 'evt_other'), good],
      ['wrong secret', payload, sign({ secret: 'whsec_attacker_secret' })],
      ['timestamp 301 s old', payload, sign({ timestamp: NOW() - 301 })],
      ['timestamp a day old', payload, sign({ timestamp: NOW() - 86_400 })],
      [
        'fresh timestamp on an old signature',
        payload,
        `t=${NOW()},v1=${/v1=([0-9a-f]+)/.exec(sign({ timestamp: NOW() - 600 }))![1]}`,
      ],
      ['missing v1 signature', payload, `t=${t}`],
      ['v0 scheme only', payload, sign({ scheme: 'v0' })],
      ['missing timestamp', payload, `v1=${v1}`],
      ['truncated signature', payload, `t=${t},v1=${v1.slice(0, 32)}`],
      ['garbage header', payload, 'not-a-stripe-signature'],
      ['empty header', payload, ''],
    ];
    let accepted = 0;
    for (const [name, body, header] of attempts) {
      try {
        provider.verifyWebhook(body, header);
        accepted += 1;
        console.error(`accepted: ${name}`);
      } catch (err) {
        expect(err).toBeInstanceOf(ProviderError);
        expect([(err as ProviderError).status, (err as ProviderError).code]).toEqual([
          400,
          'signature_verification_failed',
        ]);
      }
    }
    console.log(`RELIABILITY row 8: bad or stale signatures accepted: ${accepted} of ${attempts.length}`);
    expect(accepted).toBe(0);
  });
});
