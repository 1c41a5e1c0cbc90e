/**
 * RELIABILITY row 9: provider events delivered in every order. Each sequence runs on a fresh
 * donation: every permutation of {processing, succeeded, failed, refunded in full}, of smaller and
 * other sets (cancellation, a partial refund), and each again with re-deliveries interleaved, under
 * the same event id (a replay) and under new ids (the same change sent again). The final state must
 * be the one the model below gives, and a paid donation never goes back: once completed it stays
 * completed or refunded, once refunded it stays refunded, and the refunded amount never falls.
 *
 * The model (DECISIONS §5, written here without reading the app's state machine): a refund proves
 * the charge, so any refund in full ends refunded (3) and any success or partial refund ends
 * completed (1); otherwise the attempt is unpaid and the latest of processing (0) and failure (2)
 * stands, except that a cancellation (4) is final for an unpaid attempt.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaign } from './fundraisers-fixtures.js';
import { createTestApp, createTree, type TestApp } from './helpers.js';
import {
  auditStatusChanges,
  chargeObject,
  count,
  DECLINE,
  deliverSigned,
  effectsOf,
  expectLedgerSound,
  intentObject,
  type StripeEvent,
  startCheckout,
  stripeEvent,
} from './payments-support.js';

type Kind = 'processing' | 'succeeded' | 'failed' | 'canceled' | 'partial' | 'refunded';
const AMOUNT = 2500;
const PARTIAL = 1000;

let t: TestApp;
let campaignSlug = '';
const figures = { sequences: 0, deliveries: 0, wrongFinal: 0, regressions: 0 };
const problems: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_LIMIT_PER_IP: '100000' });
  const tree = await createTree(t.db);
  campaignSlug = (await campaign(t.db, tree.team.id)).slug;
  await auditStatusChanges(t.db);
});
afterAll(() => t.close());

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

/** The expected end of a sequence of distinct changes, in delivery order. */
function model(seq: Kind[]): { status: number; refunded: number } {
  if (seq.includes('refunded')) return { status: DONATION_STATUS.refunded, refunded: AMOUNT };
  if (seq.includes('succeeded') || seq.includes('partial'))
    return { status: DONATION_STATUS.completed, refunded: seq.includes('partial') ? PARTIAL : 0 };
  let status: number = DONATION_STATUS.pending;
  for (const k of seq) {
    if (status === DONATION_STATUS.cancelled) break;
    if (k === 'processing') status = DONATION_STATUS.pending;
    if (k === 'failed') status = DONATION_STATUS.failed;
    if (k === 'canceled') status = DONATION_STATUS.cancelled;
  }
  return { status, refunded: 0 };
}

function eventFor(k: Kind, intent: string, c: { donationId: string; totalCents: number }): StripeEvent {
  switch (k) {
    case 'processing':
      return stripeEvent('payment_intent.processing', intentObject(intent, c, 'processing'));
    case 'succeeded':
      return stripeEvent('payment_intent.succeeded', intentObject(intent, c, 'succeeded'));
    case 'failed':
      return stripeEvent('payment_intent.payment_failed', intentObject(intent, c, 'requires_payment_method', DECLINE));
    case 'canceled':
      return stripeEvent('payment_intent.canceled', intentObject(intent, c, 'canceled'));
    case 'partial':
      return stripeEvent('charge.refunded', chargeObject(intent, c, PARTIAL));
    case 'refunded':
      return stripeEvent('charge.refunded', chargeObject(intent, c, c.totalCents));
  }
}

/** A small seeded generator, so the interleavings are the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A delivery plan: which change, and whether it is a replay of that change's first event. */
type Step = { kind: Kind; replay: 'no' | 'same-id' | 'new-id' };

/** `seq` with every change delivered again at a later random place (as a replay or under a new id). */
function interleaved(seq: Kind[], mode: 'same-id' | 'new-id', seed: number): Step[] {
  const next = rng(seed);
  const steps: Step[] = seq.map((kind) => ({ kind, replay: 'no' }));
  for (const kind of seq) {
    const first = steps.findIndex((s) => s.kind === kind);
    const at = first + 1 + Math.floor(next() * (steps.length - first));
    steps.splice(at, 0, { kind, replay: mode });
  }
  return steps;
}

async function runSequence(label: string, steps: Step[]) {
  const c = await startCheckout(t, { campaign: campaignSlug, amountCents: AMOUNT });
  const res = (await t.db.execute(
    sql`select id, payment_intent_id from donations where public_id = ${c.donationId}`,
  )) as unknown as { rows: { id: number; payment_intent_id: string }[] };
  const { id, payment_intent_id: intent } = res.rows[0]!;
  const first = new Map<Kind, StripeEvent>();
  /** What the state machine has been told, in order, with replays of the same id dropped. */
  const applied: Kind[] = [];
  let paidSeen = false;
  let refundedSeen = false;
  let lastRefunded = 0;
  for (const step of steps) {
    let event = first.get(step.kind);
    if (!event || step.replay === 'new-id') {
      event = eventFor(step.kind, intent, c);
      if (!first.has(step.kind)) first.set(step.kind, event);
      applied.push(step.kind);
    }
    const r = await deliverSigned(t, event);
    figures.deliveries++;
    if (r.statusCode !== 200) problems.push(`${label}: ${step.kind} answered ${r.statusCode} ${r.body}`);
    const now = (await t.db.execute(
      sql`select status, refunded_cents + refunded_fee_cents as refunded from donations where id = ${id}`,
    )) as unknown as { rows: { status: number; refunded: number }[] };
    const { status, refunded } = now.rows[0]!;
    const regressed =
      (paidSeen && status !== DONATION_STATUS.completed && status !== DONATION_STATUS.refunded) ||
      (refundedSeen && status !== DONATION_STATUS.refunded) ||
      Number(refunded) < lastRefunded;
    if (regressed) {
      figures.regressions++;
      problems.push(`${label}: regressed to ${status} (refunded ${refunded}) after ${step.kind}`);
    }
    paidSeen ||= status === DONATION_STATUS.completed || status === DONATION_STATUS.refunded;
    refundedSeen ||= status === DONATION_STATUS.refunded;
    lastRefunded = Math.max(lastRefunded, Number(refunded));
  }
  // A repeated change under a new id is a new fact for the model only where it can matter (unpaid states).
  const want = model(applied);
  const end = (await t.db.execute(
    sql`select status, refunded_cents + refunded_fee_cents as refunded from donations where id = ${id}`,
  )) as unknown as { rows: { status: number; refunded: number }[] };
  const got = { status: end.rows[0]!.status, refunded: Number(end.rows[0]!.refunded) };
  figures.sequences++;
  if (got.status !== want.status || got.refunded !== want.refunded) {
    figures.wrongFinal++;
    problems.push(`${label}: ended ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
  // Paid once: one completion, one receipt, one gift booking (plus one per refund level reached).
  const e = await effectsOf(t.db, id);
  const paid = want.status === DONATION_STATUS.completed || want.status === DONATION_STATUS.refunded;
  // One refund booking each time the charge's refunded level rises.
  let level = 0;
  let expectedRefundBookings = 0;
  for (const k of applied) {
    const to = k === 'partial' ? PARTIAL : k === 'refunded' ? AMOUNT : 0;
    if (to > level) [level, expectedRefundBookings] = [to, expectedRefundBookings + 1];
  }
  const refundBookings = await count(
    t.db,
    sql`select count(*)::int as n from ledger_transactions where donation_id = ${id} and kind = 'refund'`,
  );
  const wantEffects = { completions: paid ? 1 : 0, receipts: paid ? 1 : 0, refunds: expectedRefundBookings };
  const gotEffects = { completions: e.completions, receipts: e.receipts, refunds: refundBookings };
  if (JSON.stringify(gotEffects) !== JSON.stringify(wantEffects))
    problems.push(`${label}: effects ${JSON.stringify(gotEffects)}, expected ${JSON.stringify(wantEffects)}`);
}

const SETS: Kind[][] = [
  ['processing', 'succeeded', 'failed', 'refunded'],
  ['processing', 'succeeded', 'failed'],
  ['processing', 'failed', 'canceled'],
  ['succeeded', 'partial', 'refunded'],
  ['canceled', 'succeeded', 'refunded'],
  ['processing', 'failed'],
  ['failed', 'succeeded'],
  ['processing', 'succeeded'],
  ['canceled', 'processing'],
  ['partial', 'failed'],
  ['succeeded', 'canceled'],
];

/** Runs sequences a few at a time (each on its own donation). */
async function runAll(plans: [string, Step[]][]) {
  for (let i = 0; i < plans.length; i += 6)
    await Promise.all(plans.slice(i, i + 6).map(([label, steps]) => runSequence(label, steps)));
}

describe('out-of-order provider events (RELIABILITY row 9)', () => {
  it.each(SETS.map((s) => [s.join(', '), s] as const))(
    'every order of {%s}, plain and with re-deliveries interleaved',
    async (name, set) => {
      const plans: [string, Step[]][] = [];
      permutations(set).forEach((perm, i) => {
        plans.push([`${perm.join('→')}`, perm.map((kind) => ({ kind, replay: 'no' }))]);
        plans.push([`${perm.join('→')} + replays`, interleaved(perm, 'same-id', 1000 + i)]);
        plans.push([`${perm.join('→')} + same changes, new ids`, interleaved(perm, 'new-id', 2000 + i)]);
      });
      await runAll(plans);
      expect(problems, name).toEqual([]);
    },
    60_000,
  );

  it('prints the figures; the ledger holds', async () => {
    await expectLedgerSound(t.db, 'after every event order');
    console.log(
      `[row 9] event-order permutations: ${figures.sequences} (${figures.deliveries} deliveries), wrong final state: ${figures.wrongFinal}, terminal states regressed: ${figures.regressions}`,
    );
    expect(figures.sequences).toBeGreaterThanOrEqual(24 * 3);
    expect(figures.wrongFinal).toBe(0);
    expect(figures.regressions).toBe(0);
    expect(problems).toEqual([]);
  });
});
