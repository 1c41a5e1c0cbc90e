/**
 * Decision 019 "Payment" and "Receipts", the buyer's calls: buying a unit (a held sponsorship and a
 * pending payment of kind 'sponsor' at the server's price, no cover fee), refusals that change
 * nothing (tampered price, not on sale, sold out, bad input), the receipt's price, fair-market
 * value and deductible part in English and Spanish (read from the stored e-mail), the buyer's page
 * after paying (details and logo, paid units only), and no secret in the logs.
 */
import path from 'node:path';
import { DONATION_STATUS } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, multipart, smallPng } from './fixtures.js';
import { createTestApp, logCapture, type TestApp } from './helpers.js';
import { count, payWith, V1 } from './payments-support.js';
import {
  bought,
  buy,
  buyerEmail,
  type Opp,
  opportunity,
  type SponsorWorld,
  someIp,
  sponsorshipOf,
  sponsorWorld,
} from './sponsorships-buyer-support.js';

let t: TestApp;
let w: SponsorWorld;
const { lines, stream } = logCapture();

beforeAll(async () => {
  t = await createTestApp(
    { CHECKOUT_LIMIT_PER_IP: '100000', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    { logStream: stream },
  );
  w = await sponsorWorld(t);
});
afterAll(() => t.close());

const rowsNow = async () => ({
  donations: await count(t.db, sql`select count(*)::int as n from donations`),
  sponsorships: await count(t.db, sql`select count(*)::int as n from sponsorships`),
});
const get = (id: string) =>
  t.app.inject({ method: 'GET', url: `${V1}/public/sponsorships/${id}`, remoteAddress: someIp() });
const put = (id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `${V1}/public/sponsorships/${id}`,
    remoteAddress: someIp(),
    payload: payload as object,
  });
const logo = async (id: string, data?: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `${V1}/public/sponsorships/${id}/logo`,
    remoteAddress: someIp(),
    ...multipart(data ?? (await smallPng())),
  });

describe('buying a unit', () => {
  it('holds a unit and opens a pending payment of kind sponsor at the server’s price', async () => {
    const o = await opportunity(t.db, { organizationId: w.team.id, campaignId: w.campaign.id, priceCents: 75000 });
    const before = Date.now();
    const c = await bought(t, o, { language: 'es' });
    expect(c.totalCents).toBe(75000);
    expect(c.coverFeeCents).toBe(0);
    expect(c.clientSecret).toBeTruthy();
    expect(c.sponsorshipThankYou).toBe(`/donations/${c.donationId}/thank-you`);
    const held = new Date(c.holdExpiresAt).getTime() - before;
    expect(held).toBeGreaterThan(14 * 60_000);
    expect(held).toBeLessThanOrEqual(15 * 60_000 + 5000);
    const s = await sponsorshipOf(t.db, c.donationId);
    expect(s).toMatchObject({
      status: 'held',
      kind: 'sponsor',
      d_status: DONATION_STATUS.pending,
      amount_cents: 75000,
      cover_fee_cents: 0,
      price_cents: 75000,
      fair_market_value_cents: 12000,
      d_org: w.team.id,
      d_campaign: w.campaign.id,
    });
  });

  it('a node-level opportunity’s payment names no campaign and is the node’s money; it pays, receipts and shows', async () => {
    const o = await opportunity(t.db, { organizationId: w.league.id, campaignId: null, name: 'League banner' });
    const c = await bought(t, o);
    let s = await sponsorshipOf(t.db, c.donationId);
    // No campaign: the money is the league's own (decision 019).
    expect(s.d_org).toBe(w.league.id);
    expect(s.d_campaign).toBeNull();
    expect((await payWith(t, c.donationId)).json().data.result).toBe('succeeded');
    s = await sponsorshipOf(t.db, c.donationId);
    expect(s.status).toBe('paid');
    expect(
      await count(
        t.db,
        sql`select count(*)::int as n from emails where template = 'sponsorship-receipt' and (meta->>'donationId')::int = ${s.d_id}`,
      ),
    ).toBe(1);
    const pub = await t.app.inject({ method: 'GET', url: `${V1}/public/donations/${c.donationId}` });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().data).toMatchObject({ kind: 'sponsor', fundraiser: null, organization: { name: w.league.name } });
    const mine = await get(c.donationId);
    expect(mine.json().data).toMatchObject({ status: 'paid', opportunity: { name: 'League banner', campaign: null } });
  });

  it('a tampered price is refused (409) and nothing is held', async () => {
    const o = await opportunity(t.db, { organizationId: w.team.id, priceCents: 50000 });
    const before = await rowsNow();
    for (const priceCents of [100, 49999, 50001, 0]) {
      const res = await buy(t, { slug: o.slug, priceCents });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('SPONSORSHIP_PRICE_CHANGED');
      expect(res.json().errors[0].path).toBe('body.priceCents');
    }
    expect(await rowsNow()).toEqual(before);
  });

  it('unknown or draft is 404; archived, not yet on sale or ended is 409; nothing is held', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const cases: [Partial<Parameters<typeof opportunity>[1]>, number, string][] = [
      [{ status: 'draft' }, 404, 'SPONSORSHIP_NOT_FOUND'],
      [{ status: 'archived' }, 409, 'SPONSORSHIP_NOT_AVAILABLE'],
      [{ startsOn: '2999-01-01' }, 409, 'SPONSORSHIP_NOT_AVAILABLE'],
      [{ endsOn: '2000-01-01' }, 409, 'SPONSORSHIP_NOT_AVAILABLE'],
      [{ startsOn: today, endsOn: today }, 200, ''],
    ];
    for (const [spec, status, code] of cases) {
      const o = await opportunity(t.db, { organizationId: w.team.id, ...spec });
      const before = await rowsNow();
      const res = await buy(t, o);
      expect(res.statusCode, `${JSON.stringify(spec)} ${res.body}`).toBe(status);
      if (status !== 200) {
        expect(res.json().code).toBe(code);
        expect(await rowsNow()).toEqual(before);
      }
    }
    const res = await buy(t, { slug: 'no-such-opportunity', priceCents: 50000 });
    expect(res.statusCode).toBe(404);
  });

  it('an unlimited opportunity never sells out', async () => {
    const o = await opportunity(t.db, { organizationId: w.team.id, quantity: null });
    for (let i = 0; i < 4; i++) await bought(t, o);
  });
});

describe('receipts', () => {
  const receiptOf = async (donationId: number) => {
    const res = (await t.db.execute(
      sql`select "to", subject, text, html from emails where template = 'sponsorship-receipt'
        and (meta->>'donationId')::int = ${donationId}`,
    )) as unknown as { rows: { to: string; subject: string; text: string; html: string }[] };
    return res.rows;
  };

  it('names the opportunity and states price, fair-market value and deductible (price − FMV), in English', async () => {
    const o = await opportunity(t.db, {
      organizationId: w.team.id,
      priceCents: 100000,
      fmvCents: 25000,
      name: 'Outfield fence banner',
    });
    const email = buyerEmail('receipt-en');
    const c = await bought(t, o, { email });
    expect((await payWith(t, c.donationId)).json().data.result).toBe('succeeded');
    const s = await sponsorshipOf(t.db, c.donationId);
    const mails = await receiptOf(s.d_id);
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.to).toBe(email);
    expect(m.text).toContain('Outfield fence banner');
    expect(m.text).toContain('$1,000.00');
    expect(m.text).toContain('Fair-market value of the benefits you receive: $250.00');
    expect(m.text).toContain('Deductible part: $750.00');
    expect(m.text).not.toMatch(/gift|donation to|supporting/i);
    // A later price edit never changes what was receipted (the values were copied at purchase).
    await t.db.execute(
      sql`update sponsorship_opportunities set price_cents = 5000, fair_market_value_cents = 5000 where id = ${o.id}`,
    );
    const view = (await get(c.donationId)).json().data;
    expect(view.priceCents).toBe(100000);
    expect(view.deductibleCents).toBe(75000);
    expect(view.receiptNumber).toMatch(/^FC-/);
  });

  it('in Spanish, and never a negative deductible', async () => {
    const o = await opportunity(t.db, {
      organizationId: w.team.id,
      priceCents: 30000,
      fmvCents: 30000,
      name: 'Camiseta',
    });
    const c = await bought(t, o, { language: 'es' });
    expect((await payWith(t, c.donationId)).json().data.result).toBe('succeeded');
    const m = (await receiptOf((await sponsorshipOf(t.db, c.donationId)).d_id))[0]!;
    expect(m.subject).toContain('Recibo');
    expect(m.text).toContain('Camiseta');
    expect(m.text).toContain('Valor justo de mercado');
    expect(m.text).toMatch(/Parte deducible: 0,00/);
  });

  it('the public donation lookup answers kind sponsor without a player', async () => {
    const o = await opportunity(t.db, { organizationId: w.team.id });
    const c = await bought(t, o);
    await payWith(t, c.donationId);
    const res = await t.app.inject({ method: 'GET', url: `${V1}/public/donations/${c.donationId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'sponsor', fundraiser: null, coverFeeCents: 0 });
    expect(res.body).not.toMatch(/client_secret|_secret_|@example\.test/);
    // No abandoned-cart resume for a sponsorship's payment (its price and unit are the server's).
    const resume = await t.app.inject({
      method: 'POST',
      url: `${V1}/abandoned_cart/${(await bought(t, o)).donationId}`,
      remoteAddress: someIp(),
      payload: {},
    });
    expect(resume.statusCode).toBe(409);
  });
});

describe('the buyer after paying', () => {
  let o: Opp;
  beforeAll(async () => {
    o = await opportunity(t.db, { organizationId: w.team.id, quantity: 10, name: 'Dugout sign' });
  });

  it('reads the sponsorship; details and logo only once paid (409 before)', async () => {
    const c = await bought(t, o);
    const first = await get(c.donationId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'held', logoStatus: 'none', businessName: 'Acme Hardware' });
    expect(first.json().data.opportunity).toMatchObject({
      slug: o.slug,
      name: 'Dugout sign',
      seller: { name: w.team.name },
    });
    expect(first.body).not.toMatch(/client_secret|_secret_|@example\.test/);
    const early = await put(c.donationId, { displayName: 'Acme' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('SPONSORSHIP_NOT_PAID');
    expect((await logo(c.donationId)).statusCode).toBe(409);
    expect((await sponsorshipOf(t.db, c.donationId)).display_name).toBeNull();

    await payWith(t, c.donationId);
    const saved = await put(c.donationId, { displayName: 'Acme Hardware & Co', website: 'https://acme.example.org' });
    expect(saved.statusCode, saved.body).toBe(200);
    let s = await sponsorshipOf(t.db, c.donationId);
    expect(s).toMatchObject({ display_name: 'Acme Hardware & Co', website: 'https://acme.example.org' });
    // An absent website is kept; null clears it.
    await put(c.donationId, { displayName: 'Acme' });
    expect((await sponsorshipOf(t.db, c.donationId)).website).toBe('https://acme.example.org');
    await put(c.donationId, { displayName: 'Acme', website: null });
    expect((await sponsorshipOf(t.db, c.donationId)).website).toBeNull();

    const up = await logo(c.donationId);
    expect(up.statusCode, up.body).toBe(200);
    s = await sponsorshipOf(t.db, c.donationId);
    expect(s.logo_status).toBe('submitted');
    const firstUrl = s.logo_url!;
    const name = (u: string) => u.split('/').pop()!;
    expect(filesUnder(t.app.files.root).some((f) => f.endsWith(name(firstUrl)))).toBe(true);
    // A rejected logo may be sent again; the old file is deleted after the commit.
    await t.db.execute(
      sql`update sponsorships set logo_status = 'rejected', logo_reject_reason = 'Blurry' where id = ${s.id}`,
    );
    expect((await logo(c.donationId)).statusCode).toBe(200);
    s = await sponsorshipOf(t.db, c.donationId);
    expect(s.logo_status).toBe('submitted');
    expect(s.logo_url).not.toBe(firstUrl);
    const files = filesUnder(t.app.files.root);
    expect(files.some((f) => f.endsWith(name(firstUrl)))).toBe(false);
    expect(files.some((f) => f.endsWith(name(s.logo_url!)))).toBe(true);
    expect((await get(c.donationId)).json().data).toMatchObject({ logoStatus: 'submitted', logoRejectReason: null });
    // A wide logo is kept whole (fit inside), not cropped square.
    const wide = await sharp({ create: { width: 400, height: 100, channels: 3, background: { r: 10, g: 20, b: 200 } } })
      .png()
      .toBuffer();
    expect((await logo(c.donationId, wide)).statusCode).toBe(200);
    const stored = (await sponsorshipOf(t.db, c.donationId)).logo_url!;
    const rel = filesUnder(t.app.files.root).find((f) => f.endsWith(name(stored)))!;
    const meta = await sharp(path.join(t.app.files.root, rel)).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
      width: 400,
      height: 100,
      format: 'webp',
    });
  });

  it('an unknown id, or a gift’s id, is 404', async () => {
    expect((await get('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const gift = (await t.db.execute(
      sql`insert into donations (public_id, kind, campaign_id, organization_id, amount_cents, status, method,
          donor_first_name, donor_last_name, donor_email, language)
        values ('giftpublicid-0000001', 'gift', ${w.campaign.id}, ${w.team.id}, 1000, 0, 'card', 'A', 'B', 'a@example.test', 'en')
        returning public_id`,
    )) as unknown as { rows: { public_id: string }[] };
    expect((await get(gift.rows[0]!.public_id)).statusCode).toBe(404);
  });
});

describe('bad input on every new call: 4xx naming the field, nothing changed', () => {
  it('POST /public/sponsorships', async () => {
    const o = await opportunity(t.db, { organizationId: w.team.id });
    const good = {
      opportunity: o.slug,
      priceCents: o.priceCents,
      firstName: 'Sam',
      lastName: 'S',
      email: 'x@example.test',
    };
    const corpus: [Record<string, unknown>, string][] = [
      [{ ...good, priceCents: -1 }, 'priceCents'],
      [{ ...good, priceCents: 12.5 }, 'priceCents'],
      [{ ...good, priceCents: '50000' }, 'priceCents'],
      [{ ...good, priceCents: 1e12 }, 'priceCents'],
      [{ ...good, email: 'not-an-email' }, 'email'],
      [{ ...good, firstName: '' }, 'firstName'],
      [{ ...good, lastName: 'x'.repeat(500) }, 'lastName'],
      [{ ...good, opportunity: '' }, 'opportunity'],
      [{ ...good, opportunity: 'x'.repeat(200) }, 'opportunity'],
      [{ ...good, language: 'fr' }, 'language'],
      [{ ...good, businessName: 'x'.repeat(121) }, 'businessName'],
      [{ ...good, coverFee: true }, ''],
      [{ ...good, status: 1 }, ''],
      [{ ...good, amountCents: 1 }, ''],
      [{ priceCents: o.priceCents }, 'opportunity'],
    ];
    const before = await rowsNow();
    for (const [payload, field] of corpus) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${V1}/public/sponsorships`,
        remoteAddress: someIp(),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      if (field) expect(JSON.stringify(res.json().errors), res.body).toContain(field);
    }
    expect(await rowsNow()).toEqual(before);
  });

  it('GET, PUT and logo', async () => {
    const o = await opportunity(t.db, { organizationId: w.team.id });
    const c = await bought(t, o);
    await payWith(t, c.donationId);
    const snapshot = JSON.stringify(await sponsorshipOf(t.db, c.donationId));
    for (const id of ['short', 'x'.repeat(65)]) expect((await get(id)).statusCode).toBe(400);
    const corpus: [unknown, string][] = [
      [{}, 'displayName'],
      [{ displayName: '' }, 'displayName'],
      [{ displayName: 'x'.repeat(121) }, 'displayName'],
      [{ displayName: 'A', website: 'acme dot com' }, 'website'],
      [{ displayName: 'A', website: `https://${'x'.repeat(300)}.org` }, 'website'],
      [{ displayName: 'A', logoStatus: 'approved' }, ''],
      [{ displayName: 7 }, 'displayName'],
    ];
    for (const [payload, field] of corpus) {
      const res = await put(c.donationId, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      if (field) expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    const notImage = await logo(c.donationId, Buffer.from('<svg onload=alert(1)></svg>'));
    expect(notImage.statusCode).toBe(400);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${V1}/public/sponsorships/${c.donationId}/logo`,
      remoteAddress: someIp(),
      payload: { file: 'x' },
    });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
    expect(JSON.stringify(await sponsorshipOf(t.db, c.donationId))).toBe(snapshot);
  });
});

describe('logs', () => {
  it('carry no client secret, card number or buyer e-mail', async () => {
    const o = await opportunity(t.db, { organizationId: w.team.id });
    const email = buyerEmail('logs');
    const c = await bought(t, o, { email });
    await payWith(t, c.donationId);
    const log = lines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(c.clientSecret);
    expect(log).not.toContain(email);
    expect(log).not.toContain('4242424242424242');
  });
});
