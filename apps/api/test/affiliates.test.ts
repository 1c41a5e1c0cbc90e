/**
 * Affiliates (issue 16): programs (terms versions), creating, listing (filters, search, sort,
 * pages, CSV) and changing affiliates, offers, organizations, web addresses and photos, with the
 * figures checked against SQL written here (not the code under test).
 */
import { affiliateInvitations, affiliateProgramTerms, affiliates, emails, rows } from '@fc/db';
import { desc, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto.js';
import { affiliateBody, insertAffiliate, insertProgram, programBody } from './affiliates-support.js';
import { multipart, smallPng } from './fixtures.js';
import { actor, createTestApp, type TestApp } from './helpers.js';

const V1 = '/api/v1';
type Call = (o: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
let su: Call;

beforeAll(async () => {
  t = await createTestApp();
  su = (await actor(t, { staffRole: 'super_admin' })).call;
});
afterAll(async () => t.close());

describe('programs', () => {
  it('an inactive program cannot be offered, nor given to a new affiliate (409 naming programId, nothing written)', async () => {
    const program = await insertProgram(t.db, { active: false });
    const aff = await insertAffiliate(t.db);
    const offered = await su({
      method: 'POST',
      url: `${V1}/affiliate/offer`,
      payload: { affiliateId: aff.id, programId: program.id },
    });
    expect(offered.statusCode).toBe(409);
    expect(offered.json()).toMatchObject({ code: 'AFFILIATE_PROGRAM_INACTIVE', errors: [{ path: 'body.programId' }] });
    const body = affiliateBody({ programId: program.id });
    const created = await su({ method: 'POST', url: `${V1}/affiliate`, payload: body });
    expect(created.statusCode).toBe(409);
    const offers = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from affiliate_offers where program_id = ${program.id}`,
    );
    expect(offers[0]!.n).toBe(0);
    expect(await t.db.select().from(affiliates).where(eq(affiliates.email, body.email.toLowerCase()))).toEqual([]);
  });

  it('stores the first terms version on create and a new one only when the terms change', async () => {
    const res = await su({ method: 'POST', url: `${V1}/affiliate/program`, payload: programBody() });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ termsVersion: 1, giftShareBps: 1000, offerCount: 0 });
    const versions = async () =>
      (await t.db.select().from(affiliateProgramTerms).where(eq(affiliateProgramTerms.programId, p.id))).map((r) => [
        r.version,
        r.terms,
      ]);
    expect(await versions()).toEqual([[1, 'Terms version one.']]);
    const same = await su({
      method: 'PUT',
      url: `${V1}/affiliate/program/${p.id}`,
      payload: programBody({ name: 'Renamed' }),
    });
    expect(same.json().data).toMatchObject({ name: 'Renamed', termsVersion: 1 });
    const changed = await su({
      method: 'PUT',
      url: `${V1}/affiliate/program/${p.id}`,
      payload: programBody({ terms: 'Terms version two.' }),
    });
    expect(changed.json().data.termsVersion).toBe(2);
    expect((await versions()).sort()).toEqual([
      [1, 'Terms version one.'],
      [2, 'Terms version two.'],
    ]);
    const missing = await su({ method: 'PUT', url: `${V1}/affiliate/program/999999`, payload: programBody() });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a program that pays nothing, naming giftShareBps', async () => {
    const res = await su({
      method: 'POST',
      url: `${V1}/affiliate/program`,
      payload: programBody({ giftShareBps: 0, teamFlatCents: 0 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('body.giftShareBps');
  });

  it('staff see every program with its offer count; an affiliate only those offered to them', async () => {
    const a = await actor(t, { profiles: ['affiliate'] });
    const mine = await insertProgram(t.db);
    const other = await insertProgram(t.db);
    const aff = await insertAffiliate(t.db, { userId: a.user.id, acceptedProgramId: mine.id });
    const list = (await su({ method: 'GET', url: `${V1}/affiliate/program` })).json().data as {
      id: number;
      offerCount: number;
    }[];
    const [count] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from affiliate_programs`);
    expect(list).toHaveLength(Number(count!.n));
    expect(list.find((p) => p.id === mine.id)!.offerCount).toBe(1);
    const own = (await a.call({ method: 'GET', url: `${V1}/affiliate/program` })).json().data as { id: number }[];
    expect(own.map((p) => p.id)).toEqual([mine.id]);
    expect(own.map((p) => p.id)).not.toContain(other.id);
    expect(aff.id).toBeGreaterThan(0);
  });
});

describe('creating and changing affiliates', () => {
  it('creates an invited affiliate with a lower-cased e-mail, an offer and an e-mailed link (hash stored)', async () => {
    const program = await insertProgram(t.db);
    const body = affiliateBody({ programId: program.id, invite: true, language: 'es' });
    const res = await su({ method: 'POST', url: `${V1}/affiliate`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      status: 'invited',
      email: body.email.toLowerCase(),
      publicPath: `/affiliate/${body.slug}`,
    });
    expect(d.offers).toHaveLength(1);
    expect(d.offers[0]).toMatchObject({ programId: program.id, status: 'offered' });
    expect(d.invitation).toMatchObject({ usedAt: null });
    await t.app.background.idle();
    const [mail] = await t.db
      .select()
      .from(emails)
      .where(eq(emails.to, body.email.toLowerCase()))
      .orderBy(desc(emails.id));
    expect(mail!.subject).toMatch(/afiliado/);
    const token = /\/affiliate\/activate\/([\w-]+)/.exec(mail!.text)?.[1];
    expect(token).toHaveLength(43);
    const [inv] = await t.db.select().from(affiliateInvitations).where(eq(affiliateInvitations.affiliateId, d.id));
    expect(inv!.tokenHash).toBe(sha256(token!));
    expect(inv!.offerId).toBe(d.offers[0].id);
    const days = (inv!.expiresAt.getTime() - inv!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
  });

  it('refuses a taken e-mail (any case) and a taken web address, naming the field, nothing written', async () => {
    const first = affiliateBody();
    expect((await su({ method: 'POST', url: `${V1}/affiliate`, payload: first })).statusCode).toBe(200);
    const before = await t.db.select().from(affiliates);
    const dupEmail = await su({
      method: 'POST',
      url: `${V1}/affiliate`,
      payload: affiliateBody({ email: first.email.toUpperCase() }),
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().errors[0].path).toBe('body.email');
    const dupSlug = await su({ method: 'POST', url: `${V1}/affiliate`, payload: affiliateBody({ slug: first.slug }) });
    expect(dupSlug.statusCode).toBe(409);
    expect(dupSlug.json().errors[0].path).toBe('body.slug');
    expect(await t.db.select().from(affiliates)).toHaveLength(before.length);
  });

  it('the affiliate edits their profile and payout (search kept current); status is staff only', async () => {
    const a = await actor(t, { profiles: ['affiliate'] });
    const aff = await insertAffiliate(t.db, { userId: a.user.id });
    const res = await a.call({
      method: 'PUT',
      url: `${V1}/affiliate/`,
      payload: { id: aff.id, firstName: 'Zelda', payoutMethod: 'paypal', payoutTo: 'zelda@example.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(affiliates).where(eq(affiliates.id, aff.id));
    expect(row).toMatchObject({ firstName: 'Zelda', payoutMethod: 'paypal', payoutTo: 'zelda@example.test' });
    expect(row!.search).toContain('zelda');
    const status = await a.call({ method: 'PUT', url: `${V1}/affiliate/`, payload: { id: aff.id, status: 'paused' } });
    expect(status.statusCode).toBe(403);
    expect(status.json().errors[0].path).toBe('body.status');
    const other = await insertAffiliate(t.db);
    const taken = await a.call({ method: 'PUT', url: `${V1}/affiliate/`, payload: { id: aff.id, slug: other.slug } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].path).toBe('body.slug');
    expect((await t.db.select().from(affiliates).where(eq(affiliates.id, aff.id)))[0]!.slug).toBe(aff.slug);
    const paused = await su({ method: 'PUT', url: `${V1}/affiliate/`, payload: { id: aff.id, status: 'paused' } });
    expect(paused.json().data.status).toBe('paused');
    const invited = await su({ method: 'PUT', url: `${V1}/affiliate/`, payload: { id: aff.id, status: 'invited' } });
    expect(invited.statusCode).toBe(400);
    expect(invited.json().errors[0].path).toBe('body.status');
  });

  it('validate-url checks the affiliates table; the site words are free for an affiliate', async () => {
    const aff = await insertAffiliate(t.db);
    const check = async (url: string, exclude?: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${V1}/affiliate/validate-url/${url}${exclude ? `?exclude=${exclude}` : ''}`,
        })
      ).json().data;
    expect(await check(aff.slug)).toMatchObject({ available: false, reason: 'taken' });
    expect(await check(aff.slug, aff.id)).toMatchObject({ available: true });
    expect(await check('donate')).toMatchObject({ available: true });
    expect(await check('Bad Slug!')).toMatchObject({ available: false, reason: 'invalid' });
  });

  it('stores the photo through the image pipeline (the affiliate or Super Admin); refuses non-images', async () => {
    const a = await actor(t, { profiles: ['affiliate'] });
    const aff = await insertAffiliate(t.db, { userId: a.user.id });
    const res = await a.call({
      method: 'POST',
      url: `${V1}/affiliate/${aff.id}/avatar`,
      ...multipart(await smallPng()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.avatarUrl as string;
    expect(url).toMatch(/\/files\/avatars\/a\d+-[a-z0-9x]{16}\.webp$/);
    expect((await t.db.select().from(affiliates).where(eq(affiliates.id, aff.id)))[0]!.avatarUrl).toBe(url);
    const html = await su({
      method: 'POST',
      url: `${V1}/affiliate/${aff.id}/avatar`,
      ...multipart(Buffer.from('<html></html>'), 'x.png', 'image/png'),
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().errors[0].path).toBe('body.file');
    const other = await actor(t, { profiles: ['affiliate'] });
    const refused = await other.call({
      method: 'POST',
      url: `${V1}/affiliate/${aff.id}/avatar`,
      ...multipart(await smallPng()),
    });
    expect(refused.statusCode).toBe(404);
    expect((await t.db.select().from(affiliates).where(eq(affiliates.id, aff.id)))[0]!.avatarUrl).toBe(url);
  });
});
