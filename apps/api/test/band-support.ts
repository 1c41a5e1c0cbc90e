/** BAND tests' shared steps: linking through the sandbox's consent page as a browser would. */
import { campaigns, type Db, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SandboxBandProvider } from '../src/providers/band/index.js';
import { isBandSandbox } from '../src/providers/band/index.js';
import type { TestApp } from './helpers.js';

export type Caller = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

export function sandboxOf(t: TestApp): SandboxBandProvider {
  if (!isBandSandbox(t.app.band)) throw new Error('not the sandbox');
  return t.app.band;
}

/** The connect URL's state for the caller. */
export async function connectState(call: Caller, organizationId?: number) {
  const res = await call({
    method: 'GET',
    url: `/api/v1/band/connect-url${organizationId ? `?organizationId=${organizationId}` : ''}`,
  });
  if (res.statusCode !== 200) throw new Error(`connect-url ${res.statusCode} ${res.body}`);
  const { url } = res.json().data as { url: string };
  return { url, state: new URL(url, 'http://x').searchParams.get('state')! };
}

/** The consent page's answer: the `/band/authorize` address the browser is sent to. */
export async function consent(t: TestApp, state: string, decision: 'allow' | 'deny', account?: string) {
  const form = new URLSearchParams({ state, decision, ...(account ? { account } : {}) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/band/sandbox/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  if (res.statusCode !== 302) throw new Error(`consent ${res.statusCode} ${res.body}`);
  return new URL(String(res.headers.location), 'http://x');
}

/** What the `/band/authorize` page does with the code: POST /band/auth. */
export async function postAuth(t: TestApp, code: string, state: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/band/auth', payload: { auth_code: code, state } });
  if (res.statusCode !== 200) throw new Error(`band/auth ${res.statusCode} ${res.body}`);
  return res.json().data.activationStatus as string;
}

/** The whole link, as the person would do it: connect, allow (as `account`), the result page. */
export async function linkBand(t: TestApp, call: Caller, account?: string) {
  const { state } = await connectState(call);
  const back = await consent(t, state, 'allow', account);
  return postAuth(t, back.searchParams.get('code')!, state);
}

let seq = 0;
export async function createCampaign(db: Db, organizationId: number, goalCents = 500_000) {
  const slug = `band-camp-${process.pid}-${++seq}`;
  const [c] = await db
    .insert(campaigns)
    .values({ organizationId, title: `Spring Drive ${seq}`, slug, status: 'active', goalCents })
    .returning();
  return c!;
}

export interface PostRowT {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  band_post_key: string | null;
  event_key: string;
  content: string;
  next_attempt_at: Date;
}

export const postRows = (db: Db, organizationId: number) =>
  rows<PostRowT>(
    db,
    sql`select id, status, attempts, last_error, band_post_key, event_key, content, next_attempt_at
      from band_posts where organization_id = ${organizationId} order by id`,
  );

/**
 * "Now" for a send run that follows a queueing at once. A post is queued with the database's
 * `now()` (microseconds) and claimed when `next_attempt_at <= now` (the job's clock, whole
 * milliseconds): queued and claimed within one millisecond, it would wait for the next run. A
 * real job runs seconds later; the tests run in the same millisecond on a fast machine.
 */
export const jobNow = () => new Date(Date.now() + 1);
