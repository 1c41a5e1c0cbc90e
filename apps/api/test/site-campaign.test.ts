/**
 * `/campaigns/{slug}` and `/fundraisers/{slug}` rendered by the server (issue 14, decision 017),
 * read as a crawler or a browser with JavaScript off reads them: every client (no Accept, `*\/*`,
 * text/html, HEAD) gets the whole page with its real status; the figures, leaderboard and
 * supporters equal the JSON endpoints' (the oracle), anonymity included; unknown and draft pages
 * are the site's not-found page (404); Spanish on `?lang=es`; player pages never indexed; a gift
 * completed between two requests shows on the second.
 */

import { randomBytes } from 'node:crypto';
import { formatMoney, formatPercent, percentOfGoal } from '@fc/contracts/money';
import { donations } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import {
  CLIENTS,
  canonicalOf,
  createSiteApp,
  langOf,
  metaContent,
  open,
  PUBLIC_URL,
  siteData,
  titleOf,
} from './site-support.js';

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;
let campaign: { id: number; slug: string; title: string };
let draft: { id: number; slug: string };
let player: { slug: string; cfId: number };
let draftPlayer: string;

let seq = 0;
async function gift(
  campaignId: number,
  cfId: number | null,
  amountCents: number,
  extra: Partial<typeof donations.$inferInsert> = {},
) {
  const n = ++seq;
  const publicId = randomBytes(12).toString('hex');
  await t.db.insert(donations).values({
    publicId,
    campaignId,
    campaignFundraiserId: cfId,
    organizationId: data.tree.team.id,
    amountCents,
    status: 1,
    donorFirstName: `Donor${n}`,
    donorLastName: 'Giver',
    donorEmail: `site-donor${n}-${publicId.slice(0, 6)}@example.test`,
    completedAt: new Date(Date.now() - (100 - n) * 60_000),
    ...extra,
  });
  return publicId;
}

beforeAll(async () => {
  t = await createSiteApp();
  data = await siteData(t);
  const c = await data.campaign({
    logoUrl: '/files/logos/rockets.png',
    story: 'We play every Saturday.\nHelp us <get> there.',
    endDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  });
  campaign = c;
  draft = await data.campaign({ status: 'draft' });
  const listed = await data.player(c.id, { publicListing: true, avatarUrl: '/files/avatars/ella.png' });
  // A child under 13 whose parents did not allow listing: never on the leaderboard.
  const hidden = await data.player(c.id, { firstName: 'Zebulon', lastName: 'Quartz', birthDate: '2020-01-01' });
  player = { slug: listed.cf.slug, cfId: listed.cf.id };
  draftPlayer = (await data.player(draft.id)).cf.slug;
  await gift(c.id, listed.cf.id, 5_000, { message: 'Go team <3 "Rockets"' });
  await gift(c.id, listed.cf.id, 2_550, { anonymous: true, donorFirstName: 'Secret', donorLastName: 'Person' });
  await gift(c.id, hidden.cf.id, 1_000);
  await gift(c.id, null, 10_000);
});
afterAll(async () => t.close());

const json = async (url: string) => (await open(t, `/api/v1${url}`)).json().data;
const text = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;
/** Text as preact-render-to-string escapes it (`>` stays: it cannot open a tag). */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

describe('every client gets the page with its real status', () => {
  it('campaign and player pages: 200 HTML to GET (no Accept, */*, text/html) and HEAD, cached 30 s in shared caches', async () => {
    for (const url of [`/campaigns/${campaign.slug}`, `/fundraisers/${player.slug}`]) {
      for (const client of CLIENTS) {
        const res = await open(t, url, { method: client.method, headers: client.headers });
        expect(res.statusCode, `${client.name} ${url}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
        expect(res.headers.vary).toContain('Accept-Language');
        if (client.method === 'HEAD') expect(res.body).toBe('');
        else {
          expect(res.body).toMatch(/^<!doctype html>/);
          expect(res.body).not.toContain('<div id="root">');
          expect(res.body).toContain('<h1 data-testid="page-title">');
        }
      }
    }
  });

  it('unknown and draft campaigns and players: the site not-found page, 404, noindex, for every client', async () => {
    for (const url of [
      '/campaigns/no-such-campaign',
      `/campaigns/${draft.slug}`,
      '/fundraisers/no-such-player',
      `/fundraisers/${draftPlayer}`,
    ]) {
      const slug = url.split('/')[2]!;
      const api = await open(t, `/api/v1/public/${url.startsWith('/campaigns') ? 'campaigns' : 'fundraisers'}/${slug}`);
      expect(api.statusCode).toBe(404);
      for (const client of CLIENTS) {
        const res = await open(t, url, { method: client.method, headers: client.headers });
        expect(res.statusCode, `${client.name} ${url}`).toBe(404);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const html = (await open(t, url)).body;
      expect(titleOf(html)).toBe('Page not found · FUNDRAISER CONSOLE');
      expect(metaContent(html, 'robots')).toBe('noindex');
      expect(html).toContain('class="prose not-found"');
    }
  });
});

describe('the campaign page', () => {
  it('shows the figures, leaderboard and supporters of the JSON endpoint', async () => {
    const c = await json(`/public/campaigns/${campaign.slug}`);
    const html = (await open(t, `/campaigns/${campaign.slug}`)).body;
    expect(text(html, 'page-title')).toBe(esc(c.title));
    expect(text(html, 'raised-amount')).toBe(formatMoney(c.raisedCents, 'en', { whole: true }));
    expect(c.raisedCents).toBe(5_000 + 2_550 + 1_000 + 10_000);
    expect(text(html, 'goal-amount')).toBe(`raised of a ${formatMoney(c.goalCents, 'en', { whole: true })} goal`);
    expect(text(html, 'donor-count')).toBe(`${c.donors} donors`);
    expect(text(html, 'days-left')).toBe('10 days left');
    const pct = formatPercent(percentOfGoal(c.raisedCents, c.goalCents), 'en');
    expect(html).toContain(`aria-valuenow="${percentOfGoal(c.raisedCents, c.goalCents)}"`);
    expect(text(html, 'goal-percent')).toBe(`${pct} of the goal`);
    expect(text(html, 'campaign-short')).toBe(esc(c.shortDescription));
    expect(html).toContain(`data-testid="campaign-story">${esc(c.story)}</p>`);
    // The leaderboard: the same players as the JSON, in order, by the names it shows.
    const board = html.slice(html.indexOf('data-testid="leaderboard"'), html.indexOf('</ol>'));
    const names = [...board.matchAll(/<a href="\/fundraisers\/([^"?]+)\?lang=en">([^<]*)<\/a>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(names).toEqual(c.leaderboard.map((e: { slug: string; name: string }) => [e.slug, e.name]));
    expect(names).toEqual([[player.slug, 'Ella B.']]);
    expect(html).not.toContain('Zebulon');
    expect(html).not.toContain('Baker');
    // Supporters: as the JSON gives them; the anonymous gift has no name anywhere on the page.
    const supporters = html.slice(html.indexOf('data-testid="supporters"'));
    for (const s of c.recentSupporters) {
      expect(supporters).toContain(`<strong>${s.name ?? 'Anonymous'}</strong>`);
      if (s.amountCents !== null) expect(supporters).toContain(formatMoney(s.amountCents, 'en', { whole: true }));
    }
    expect(supporters).toContain(`<q class="message">${esc('Go team <3 "Rockets"')}</q>`);
    expect(html).not.toContain('Secret');
    expect(html).not.toContain('Person');
    // Donate: a plain link to the checkout in the page language.
    expect(html).toContain(`href="/campaigns/${campaign.slug}/donate?lang=en" data-testid="donate-button"`);
    expect(html).toContain(`value="${PUBLIC_URL}/campaigns/${campaign.slug}"`);
  });

  it('keeps the head the shell had: title, description, canonical, preview image; indexable', async () => {
    const c = await json(`/public/campaigns/${campaign.slug}`);
    const html = (await open(t, `/campaigns/${campaign.slug}`)).body;
    expect(titleOf(html)).toBe(`${esc(c.title)} · FUNDRAISER CONSOLE`);
    expect(metaContent(html, 'description')).toBe(c.shortDescription);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/campaigns/${campaign.slug}`);
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}${c.logoImage}`);
    expect(metaContent(html, 'robots')).toBeNull();
    expect(html).toContain('data-island="players"');
    expect(html).toContain('data-island="share"');
  });

  it('?lang=es gives the page in Spanish', async () => {
    const c = await json(`/public/campaigns/${campaign.slug}`);
    const html = (await open(t, `/campaigns/${campaign.slug}?lang=es`)).body;
    expect(langOf(html)).toBe('es');
    expect(text(html, 'raised-amount')).toBe(formatMoney(c.raisedCents, 'es', { whole: true }));
    expect(text(html, 'goal-amount')).toBe(
      `recaudados de una meta de ${formatMoney(c.goalCents, 'es', { whole: true })}`,
    );
    expect(text(html, 'donor-count')).toBe(`${c.donors} donantes`);
    expect(text(html, 'days-left')).toBe('Quedan 10 días');
    expect(html).toContain('<strong>Anónimo</strong>');
    expect(html).toContain(`href="/campaigns/${campaign.slug}/donate?lang=es"`);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/campaigns/${campaign.slug}?lang=es`);
  });
});

describe('the player page', () => {
  it('shows the figures and supporters of the JSON endpoint, never indexed', async () => {
    const f = await json(`/public/fundraisers/${player.slug}`);
    const html = (await open(t, `/fundraisers/${player.slug}`)).body;
    expect(text(html, 'page-title')).toBe('Ella B.');
    expect(text(html, 'raised-amount')).toBe(formatMoney(f.raisedCents, 'en', { whole: true }));
    expect(f.raisedCents).toBe(5_000 + 2_550);
    expect(text(html, 'goal-amount')).toBe(`raised of a ${formatMoney(f.goalCents, 'en', { whole: true })} goal`);
    expect(text(html, 'donor-count')).toBe(`${f.donors} donors`);
    expect(text(html, 'player-reason')).toBe(f.fundraisingReason);
    expect(text(html, 'campaign-link')).toBe(esc(f.campaign.title));
    expect(html).toContain('<strong>Anonymous</strong>');
    expect(html).not.toContain('Secret');
    expect(html).not.toContain('Baker');
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(titleOf(html)).toBe(`Ella B. · ${esc(f.campaign.title)} · FUNDRAISER CONSOLE`);
    // The preview is our sentence, not the family's text; the image is the player's photo.
    expect(metaContent(html, 'description')).toBe(`Help Ella B. reach their goal for ${esc(f.campaign.title)}.`);
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}${f.avatarUrl}`);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/fundraisers/${player.slug}`);
    expect(html).toContain(`href="/fundraisers/${player.slug}/donate?lang=en"`);
  });

  it("keeps an invitation's token on the Donate link, and drops one that is not a token", async () => {
    const html = (await open(t, `/fundraisers/${player.slug}?c=abcDEF12_-`)).body;
    expect(html).toContain(`href="/fundraisers/${player.slug}/donate?c=abcDEF12_-&amp;lang=en"`);
    const bad = (await open(t, `/fundraisers/${player.slug}?c=%22%3E%3Cscript%3E`)).body;
    expect(bad).toContain(`href="/fundraisers/${player.slug}/donate?lang=en"`);
  });

  it('?lang=es gives the page in Spanish, still noindex', async () => {
    const html = (await open(t, `/fundraisers/${player.slug}?lang=es`)).body;
    expect(langOf(html)).toBe('es');
    expect(html).toContain('Recaudando fondos para');
    expect(metaContent(html, 'robots')).toBe('noindex');
  });
});

it('a gift completed between two requests shows on the second', async () => {
  const url = `/fundraisers/${player.slug}`;
  const before = await json(`/public/fundraisers/${player.slug}`);
  const publicId = await gift(campaign.id, player.cfId, 1_234, {
    status: 0,
    completedAt: null,
    donorFirstName: 'Latecomer',
  });
  expect(text((await open(t, url)).body, 'raised-amount')).toBe(formatMoney(before.raisedCents, 'en', { whole: true }));
  await t.db.update(donations).set({ status: 1, completedAt: new Date() }).where(eq(donations.publicId, publicId));
  const after = await json(`/public/fundraisers/${player.slug}`);
  expect(after.raisedCents).toBe(before.raisedCents + 1_234);
  const html = (await open(t, url)).body;
  expect(text(html, 'raised-amount')).toBe(formatMoney(after.raisedCents, 'en', { whole: true }));
  expect(text(html, 'donor-count')).toBe(`${after.donors} donors`);
  expect(html).toContain('<strong>Latecomer G.</strong>');
  const campaignHtml = (await open(t, `/campaigns/${campaign.slug}`)).body;
  const c = await json(`/public/campaigns/${campaign.slug}`);
  expect(text(campaignHtml, 'raised-amount')).toBe(formatMoney(c.raisedCents, 'en', { whole: true }));
});
