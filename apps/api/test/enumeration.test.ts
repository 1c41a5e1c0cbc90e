/**
 * Issue 12 item 3: registration, forgot-password and login-link requests answer the same for an
 * existing and an unknown address, are throttled like sign-in, and send nothing in the request
 * path (the email goes after the answer, so timing shows nothing either).
 */
import { emails } from '@fc/db';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers.js';

const sent: { to: string; subject: string }[] = [];
/** While closed, every transport send waits: a send in the request path would hold the answer. */
let openGate: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
const closeGate = () => {
  gate = new Promise((r) => {
    openGate = r;
  });
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Any transport send is recorded; the test checks none happens before the answer.
  const real = t.app.mail;
  t.app.mail = {
    ...real,
    kind: real.kind,
    send: async (m) => {
      sent.push({ to: m.to, subject: m.subject });
      await gate;
      await real.send(m);
    },
  };
});
afterAll(async () => t.close());

/** Answers within 5 s, or fails: with the gate closed, only a request that sends nothing answers. */
const post = (url: string, payload: object, ip: string) =>
  Promise.race([
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${url} did not answer: it waits for a send`)), 5000),
    ),
  ]);
const shape = (r: LightMyRequestResponse) => ({ status: r.statusCode, body: r.json() });
/** Pairs of answers (existing vs unknown address) compared, and how many told them apart. */
const pairs = { compared: 0, differed: 0 };
const compare = (a: LightMyRequestResponse, b: LightMyRequestResponse) => {
  pairs.compared++;
  if (JSON.stringify(shape(a)) !== JSON.stringify(shape(b))) pairs.differed++;
};
const mails = async (to: string) => {
  openGate();
  await t.app.background.idle();
  return t.db.select().from(emails).where(eq(emails.to, to));
};

describe('no account enumeration', () => {
  it('register: the same status and body for an existing and a new address; the owner gets an email', async () => {
    const owner = await createUser(t.db, { profiles: ['donor'] });
    const body = { firstName: 'Eve', lastName: 'Probe', password: 'a-long-unusual-pass' };
    closeGate();
    const existing = await post('/jwt/register', { ...body, email: owner.email }, '198.51.100.1');
    const fresh = await post('/jwt/register', { ...body, email: 'brand-new@example.test' }, '198.51.100.2');
    compare(existing, fresh);
    expect(shape(existing)).toEqual(shape(fresh));
    expect(existing.statusCode).toBe(200);
    const [toOwner] = await mails(owner.email);
    expect(toOwner?.template).toBe('register-attempt');
    expect(toOwner?.text).toMatch(/already has one/);
    expect(toOwner?.text).not.toMatch(/token=/);
    expect((await mails('brand-new@example.test'))[0]?.template).toBe('confirm');
  });

  it('forgot-password and login-link: identical answers, no send before the answer', async () => {
    const owner = await createUser(t.db, { profiles: ['donor'] });
    closeGate();
    for (const url of ['/password/forgot', '/jwt/login-link']) {
      const a = await post(url, { email: owner.email }, '198.51.100.3');
      const b = await post(url, { email: 'nobody-here@example.test' }, '198.51.100.4');
      compare(a, b);
      expect(shape(a)).toEqual(shape(b));
    }
    const delivered = await mails(owner.email);
    expect(delivered.map((m) => m.template).sort()).toEqual(['otl', 'reset']);
    console.log(
      `[issue 12] enumeration attempts that got through: ${pairs.differed} of ${pairs.compared} (existing vs unknown address: register, forgot-password, login-link)`,
    );
    expect(pairs.differed).toBe(0);
  });

  it('two sign-ups for one new address at once: one account, and the other is told like a taken address', async () => {
    const body = { firstName: 'Twin', lastName: 'Race', email: 'race@example.test', password: 'a-long-unusual-pass' };
    const [a, b] = await Promise.all([
      post('/jwt/register', body, '198.51.100.21'),
      post('/jwt/register', body, '198.51.100.22'),
    ]);
    expect(shape(a)).toEqual(shape(b));
    const got = await mails('race@example.test');
    expect(got.map((m) => m.template).sort()).toEqual(['confirm', 'register-attempt']);
  });

  it('register is throttled: 10 per IP and 10 per email in 15 minutes', async () => {
    const body = { firstName: 'R', lastName: 'T', password: 'a-long-unusual-pass' };
    let allowed = 0;
    for (let i = 0; i < 12; i++) {
      const r = await post('/jwt/register', { ...body, email: `spray-${i}@example.test` }, '203.0.113.50');
      if (r.statusCode === 429) break;
      allowed++;
    }
    expect(allowed).toBe(10);
    let perEmail = 0;
    for (let i = 0; i < 12; i++) {
      const r = await post('/jwt/register', { ...body, email: 'target@example.test' }, `203.0.114.${i + 1}`);
      if (r.statusCode === 429) {
        expect(r.headers['retry-after']).toBe('900');
        break;
      }
      perEmail++;
    }
    expect(perEmail).toBe(10);
    console.log(`[row 7] registrations before throttling: per IP ${allowed}, per email ${perEmail}`);
  });
});
