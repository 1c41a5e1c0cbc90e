import { BULK_MESSAGE_BATCH } from '@fc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/auth/storage';
import { sendInBatches } from './bulk-send';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The server's side of the calls: answers each batch, refusing the batches listed in `failing`. */
function server(failing: number[] = []) {
  const bodies: { campaignId: number; ids: number[]; subject?: string }[] = [];
  const fn = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { campaignId: number; ids: number[]; subject?: string };
    bodies.push(body);
    if (failing.includes(bodies.length))
      return Promise.resolve(json(429, { hasError: true, message: 'Too many messages at once.', code: 'THROTTLED' }));
    return Promise.resolve(
      json(200, {
        hasError: false,
        data: body.ids.map((id) => ({
          id,
          email: `f${id}@example.test`,
          ok: id % 10 !== 0,
          ...(id % 10 === 0 ? { error: 'No email address' } : {}),
        })),
      }),
    );
  });
  vi.stubGlobal('fetch', fn);
  return { fn, bodies };
}

const ids = (n: number) => Array.from({ length: n }, (_v, i) => i + 1);

describe('sendInBatches', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.access, 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends at most BULK_MESSAGE_BATCH families per call and reports progress after each', async () => {
    const { fn, bodies } = server();
    const progress: [number, number][] = [];
    const out = await sendInBatches(
      { kind: 'message', campaignId: 7, ids: ids(60), subject: 'Hello', message: 'See you' },
      (done, total) => progress.push([done, total]),
      'failed',
    );
    expect(BULK_MESSAGE_BATCH).toBe(25);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(String(fn.mock.calls[0]?.[0])).toBe('/api/v1/campaign_fundraisers/bulk_message');
    expect(bodies.map((b) => b.ids.length)).toEqual([25, 25, 10]);
    expect(bodies.every((b) => b.campaignId === 7 && b.subject === 'Hello')).toBe(true);
    expect(progress).toEqual([
      [0, 60],
      [25, 60],
      [50, 60],
      [60, 60],
    ]);
    // One result per family, in order, with the server's own verdicts.
    expect(out.map((r) => r.id)).toEqual(ids(60));
    expect(out.filter((r) => !r.ok).map((r) => r.id)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('marks every family of a refused batch with the reason and still sends the next batches', async () => {
    const { bodies } = server([2]);
    const out = await sendInBatches({ kind: 'resend', campaignId: 3, ids: ids(30) }, () => undefined, 'failed');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({ campaignId: 3, ids: ids(25) });
    expect(out).toHaveLength(30);
    const refused = out.slice(25);
    expect(refused.every((r) => !r.ok && r.error === 'Too many messages at once.')).toBe(true);
  });

  it('stops between batches when asked', async () => {
    const { bodies } = server();
    const controller = new AbortController();
    const out = await sendInBatches(
      { kind: 'resend', campaignId: 3, ids: ids(75) },
      (done) => {
        if (done === 25) controller.abort();
      },
      'failed',
      controller.signal,
    );
    expect(bodies).toHaveLength(1);
    expect(out.map((r) => r.id)).toEqual(ids(25));
  });
});
