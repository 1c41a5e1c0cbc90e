/**
 * The public pages layer under test: an app serving a small web build shaped like the real one
 * (the real index.html's head, one hashed asset, the default card), and data factories for
 * public campaigns and player pages.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { campaignFundraisers, campaigns, donations, feeRequests, players } from '@fc/db';
import type { InjectOptions } from 'fastify';
import { createTestApp, createTree, type TestApp } from './helpers.js';

export const PUBLIC_URL = 'https://give.example.org';

/** The built index.html as Vite writes it (apps/web/index.html after the build). */
export const SHELL = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="FUNDRAISER CONSOLE: fundraising for youth sports" />
    <link rel="icon" href="data:," />
    <title>FUNDRAISER CONSOLE</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

export function fakeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'fc-site-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'og-card.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dist;
}

export async function createSiteApp(): Promise<TestApp> {
  return createTestApp({ WEB_DIST: fakeDist(), PUBLIC_URL: `${PUBLIC_URL}/` }, { serveWeb: true });
}

/** The four ways a client asks for a page: a browser, a crawler with `*\/*`, a monitor with none, and HEAD. */
export const CLIENTS: { name: string; method: 'GET' | 'HEAD'; headers: Record<string, string> }[] = [
  { name: 'no Accept', method: 'GET', headers: {} },
  { name: 'Accept */*', method: 'GET', headers: { accept: '*/*' } },
  { name: 'Accept text/html', method: 'GET', headers: { accept: 'text/html,application/xhtml+xml' } },
  { name: 'HEAD', method: 'HEAD', headers: {} },
];

export const open = (t: TestApp, url: string, extra: Omit<InjectOptions, 'url'> = {}) =>
  t.app.inject({ method: 'GET', url, ...extra });

let seq = 0;
const suffix = () => `${++seq}-${randomBytes(3).toString('hex')}`;

export async function siteData(t: TestApp) {
  const tree = await createTree(t.db);

  async function campaign(values: Partial<typeof campaigns.$inferInsert> = {}) {
    const [c] = await t.db
      .insert(campaigns)
      .values({
        organizationId: tree.team.id,
        title: `Spring Drive ${suffix()}`,
        slug: `site-camp-${suffix()}`,
        status: 'active',
        goalCents: 100_000,
        playerGoalCents: 25_000,
        shortDescription: 'New jerseys for the whole team',
        ...values,
      })
      .returning();
    return c!;
  }

  async function player(campaignId: number, values: Partial<typeof players.$inferInsert> = {}) {
    const n = suffix();
    const [p] = await t.db
      .insert(players)
      .values({
        firstName: 'Ella',
        lastName: 'Baker',
        email: `family-${n}@example.test`,
        slug: `site-pl-${n}`,
        fundraisingReason: 'A private family story',
        ...values,
      })
      .returning();
    const [cf] = await t.db
      .insert(campaignFundraisers)
      .values({ campaignId, playerId: p!.id, divisionId: tree.division.id, slug: `site-cf-${n}` })
      .returning();
    return { player: p!, cf: cf! };
  }

  async function donation(campaignId: number) {
    const publicId = randomBytes(12).toString('hex');
    await t.db.insert(donations).values({
      publicId,
      campaignId,
      organizationId: tree.team.id,
      amountCents: 2_500,
      status: 0,
      donorFirstName: 'Dana',
      donorLastName: 'Giver',
      donorEmail: `donor-${suffix()}@example.test`,
    });
    return publicId;
  }

  async function fee(campaignId: number) {
    const [f] = await t.db
      .insert(feeRequests)
      .values({ campaignId, label: 'Uniform fee', amountCents: 4_000 })
      .returning();
    return f!;
  }

  return { tree, campaign, player, donation, fee };
}

/** The value of `<meta property|name="key" content="…">` as written in the HTML (still escaped). */
export function metaContent(html: string, key: string): string | null {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`);
  return re.exec(html)?.[1] ?? null;
}

export const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
export const langOf = (html: string) => /<html[^>]*\blang="([^"]*)"/.exec(html)?.[1] ?? null;
export const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
