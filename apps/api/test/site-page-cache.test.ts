/**
 * The public pages' answer cache (lib/page-cache.ts) with a lifetime long enough to see it work:
 * a kept page is answered again without reading the database, a reload (`Cache-Control:
 * no-cache`) reads it afresh, and a gift completed through this instance's API is on the very
 * next plain request. The oracle is the JSON endpoint of the same data, asked past the caches.
 * The pages' data as JSON is kept the same way, and emptied by the same writes.
 */
import { formatMoney } from '@fc/contracts/money';
import { donations } from '@fc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { fakeDist, open, PUBLIC_URL, siteData } from './site-support.js';

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;
let campaign: { id: number; slug: string };
let cf: { slug: string; id: number };

beforeAll(async () => {
  t = await createTestApp(
    { WEB_DIST: fakeDist(), PUBLIC_URL: `${PUBLIC_URL}/`, PUBLIC_PAGE_CACHE_SECONDS: '60' },
    { serveWeb: true },
  );
  data = await siteData(t);
  campaign = await data.campaign();
  ({ cf } = await data.player(campaign.id));
});
afterAll(async () => t.close());

const raised = (html: string) => /data-testid="raised-amount"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;
// The oracle asks past the caches: the JSON data is kept like the pages (app.publicDataCache).
const apiRaised = async () =>
  (await open(t, `/api/v1/public/fundraisers/${cf.slug}`, { headers: { 'cache-control': 'no-cache' } })).json().data
    .raisedCents as number;
const money = (cents: number) => formatMoney(cents, 'en', { whole: true });

/** A completed gift written straight to the database: no request this instance answers. */
async function silentGift(amountCents: number) {
  await t.db.insert(donations).values({
    publicId: `silent${Date.now()}${Math.random().toString(36).slice(2, 10)}`,
    campaignId: campaign.id,
    campaignFundraiserId: cf.id,
    organizationId: data.tree.team.id,
    amountCents,
    status: 1,
    completedAt: new Date(),
    donorFirstName: 'Quiet',
    donorLastName: 'Donor',
    donorEmail: 'quiet@example.test',
  });
}

describe('the public pages answer cache', () => {
  it('keeps a page for its lifetime, and a reload reads the database', async () => {
    const url = `/fundraisers/${cf.slug}`;
    const first = await open(t, url);
    expect(raised(first.body)).toBe(money(await apiRaised()));
    await silentGift(1_000);
    const kept = await open(t, url);
    // Kept: the same page, the same validator (the database changed without this instance knowing).
    expect(kept.body).toBe(first.body);
    expect(kept.headers.etag).toBe(first.headers.etag);
    const reload = await open(t, url, { headers: { 'cache-control': 'no-cache' } });
    expect(raised(reload.body)).toBe(money(await apiRaised()));
    expect(reload.headers.etag).not.toBe(first.headers.etag);
    // The reload's page is the one kept from now on.
    expect((await open(t, url)).body).toBe(reload.body);
  });

  it('a gift completed through the API is on the next plain request', async () => {
    const url = `/fundraisers/${cf.slug}`;
    const before = await open(t, url);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/donations',
      payload: {
        fundraiser: cf.slug,
        amountCents: 2_500,
        coverFee: false,
        firstName: 'Next',
        lastName: 'Request',
        email: 'next@example.test',
      },
    });
    expect(start.statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/donations/${start.json().data.donationId}/confirm`,
      payload: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    });
    expect(confirm.json().data.result).toBe('succeeded');
    const after = await open(t, url);
    const cents = await apiRaised();
    expect(raised(after.body)).toBe(money(cents));
    expect(raised(after.body)).not.toBe(raised(before.body));
    expect(after.body).toContain('<strong>Next R.</strong>');
  });

  it('keeps the public data as JSON for its lifetime; a reload and a write through the API read afresh', async () => {
    const campaignUrl = `/api/v1/public/campaigns/${campaign.slug}`;
    const playerUrl = `/api/v1/public/fundraisers/${cf.slug}`;
    const raisedOf = (r: Awaited<ReturnType<typeof open>>) => r.json().data.raisedCents as number;
    const firstCampaign = await open(t, campaignUrl);
    const firstPlayer = await open(t, playerUrl);
    await silentGift(700);
    // Kept: the database changed without this instance knowing.
    expect((await open(t, campaignUrl)).body).toBe(firstCampaign.body);
    expect((await open(t, playerUrl)).body).toBe(firstPlayer.body);
    const reload = await open(t, playerUrl, { headers: { 'cache-control': 'no-cache' } });
    expect(raisedOf(reload)).toBe(raisedOf(firstPlayer) + 700);
    // The reload's answer is the one kept from now on.
    expect((await open(t, playerUrl)).body).toBe(reload.body);
    // Any write this instance answers empties it (a tracked open of the page is one).
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/fundraisers/${cf.slug}/opened`,
      payload: { c: 'no-such-contact' },
    });
    expect(opened.statusCode).toBeLessThan(400);
    const after = await open(t, campaignUrl);
    expect(raisedOf(after)).toBe(raisedOf(firstCampaign) + 700);
  });

  it('a compressed answer is the page compressed, made once per encoding', async () => {
    const url = `/campaigns/${campaign.slug}`;
    const plain = await open(t, url, { headers: { 'cache-control': 'no-cache' } });
    const br1 = await open(t, url, { headers: { 'accept-encoding': 'br' } });
    const br2 = await open(t, url, { headers: { 'accept-encoding': 'br' } });
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br1.rawPayload.equals(br2.rawPayload)).toBe(true);
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(br1.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
