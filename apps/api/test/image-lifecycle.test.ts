/**
 * Issue 12 item 6 (decision 005): an image is public only while its owner shows it. Replacing an
 * avatar, a logo or a player's photo deletes the old file; deleting the user, node or campaign, or
 * removing a player from every roster and campaign, deletes theirs. A failed change keeps the file.
 */
import { campaigns, organizations, players, users } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardImages, replaceImage } from '../src/lib/images.js';
import { multipart, smallPng } from './fixtures.js';
import { campaign, donate, family, page } from './fundraisers-fixtures.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

const V1 = '/api/v1';
let t: TestApp;
let admin: Awaited<ReturnType<typeof actor>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { staffRole: 'super_admin' });
});
afterAll(async () => t.close());

/** The HTTP status the public file URL answers with. */
const served = async (url: string | null | undefined) =>
  url ? (await t.app.inject({ method: 'GET', url })).statusCode : 'no url';

async function upload(url: string, who = admin) {
  const res = await who.call({ method: 'POST', url: `${V1}${url}`, ...multipart(await smallPng()) });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { avatar?: string; avatarUrl?: string; logoUrl?: string };
  return (data.avatar ?? data.avatarUrl ?? data.logoUrl)!;
}

describe('replacing an image', () => {
  it('deletes the old avatar, logo and player photo; the new one is served', async () => {
    const tree = await createTree(t.db);
    const c = await campaign(t.db, tree.team.id);
    const { parent, player } = await family(t, tree.division.id);
    const owners = [
      { name: 'avatar', url: `/upload-avatar?id=${parent.user.id}` },
      { name: 'organization logo', url: `/admin/organization/${tree.team.id}/avatar` },
      { name: 'campaign logo', url: `/admin/campaign/${c.id}/avatar` },
      { name: 'player photo', url: `/admin/fundraiser/${player.id}/avatar` },
    ];
    const seen: Record<string, unknown> = {};
    for (const o of owners) {
      const first = await upload(o.url);
      const second = await upload(o.url);
      seen[o.name] = { first: await served(first), second: await served(second), same: first === second };
    }
    const expected = { first: 404, second: 200, same: false };
    expect(seen).toEqual({
      avatar: expected,
      'organization logo': expected,
      'campaign logo': expected,
      'player photo': expected,
    });
  });

  it('a family replacing their own player photo deletes the old one too', async () => {
    const tree = await createTree(t.db);
    const { parent, player } = await family(t, tree.division.id);
    const first = await upload(`/admin/fundraiser/${player.id}/avatar`, parent);
    const second = await upload(`/admin/fundraiser/${player.id}/avatar`, parent);
    expect([await served(first), await served(second)]).toEqual([404, 200]);
  });
});

describe('removing the owner', () => {
  it('deleting a user deletes their avatar', async () => {
    const u = await actor(t, { profiles: ['donor'] });
    const url = await upload(`/upload-avatar?id=${u.user.id}`);
    const res = await admin.call({ method: 'DELETE', url: `${V1}/user/${u.user.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect({ served: await served(url), stored: row!.avatarUrl }).toEqual({ served: 404, stored: null });
  });

  it('deleting a node deletes its logo', async () => {
    const tree = await createTree(t.db);
    const empty = await createOrg(t.db, 4, tree.team.id);
    const url = await upload(`/admin/organization/${empty.id}/avatar`);
    const res = await admin.call({ method: 'DELETE', url: `${V1}/admin/organization/${empty.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await served(url)).toBe(404);
  });

  it('deleting a campaign deletes its logo and the photo of a player it was the last to list', async () => {
    const tree = await createTree(t.db);
    const c = await campaign(t.db, tree.team.id);
    const listedElsewhere = await family(t, tree.division.id);
    const onlyHere = await family(t, tree.division.id);
    // Off the roster: this campaign is the last place that lists the child.
    await t.db.execute(sql`delete from organization_fundraisers where player_id = ${onlyHere.player.id}`);
    await page(t.db, c.id, listedElsewhere.player.id);
    await page(t.db, c.id, onlyHere.player.id);
    const logo = await upload(`/admin/campaign/${c.id}/avatar`);
    const kept = await upload(`/admin/fundraiser/${listedElsewhere.player.id}/avatar`);
    const gone = await upload(`/admin/fundraiser/${onlyHere.player.id}/avatar`);
    const res = await admin.call({ method: 'DELETE', url: `${V1}/campaign`, payload: { id: c.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect([await served(logo), await served(kept), await served(gone)]).toEqual([404, 200, 404]);
  });

  it("removing a player from their last campaign and roster deletes the child's photo (404)", async () => {
    const tree = await createTree(t.db);
    const c = await campaign(t.db, tree.team.id);
    const { player } = await family(t, tree.division.id);
    const cf = await page(t.db, c.id, player.id, { divisionId: tree.division.id });
    const url = await upload(`/admin/fundraiser/${player.id}/avatar`);
    // Off the campaign but still on the roster: the team still shows the photo.
    const off = await admin.call({ method: 'DELETE', url: `${V1}/campaign_fundraiser/${cf.id}` });
    expect(off.statusCode, off.body).toBe(200);
    expect(await served(url)).toBe(200);
    const [entry] = (
      (await t.db.execute(sql`select id from organization_fundraisers where player_id = ${player.id}`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const res = await admin.call({ method: 'DELETE', url: `${V1}/organization_fundraiser/${entry!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(players).where(eq(players.id, player.id));
    expect({ served: await served(url), stored: row!.avatarUrl }).toEqual({ served: 404, stored: null });
  });
});

describe('a change that fails keeps the live file', () => {
  it('a campaign with donations is not deleted and keeps its logo', async () => {
    const tree = await createTree(t.db);
    const c = await campaign(t.db, tree.team.id);
    const { player } = await family(t, tree.division.id);
    const cf = await page(t.db, c.id, player.id);
    await donate(t.db, { id: cf.id, campaignId: c.id }, { amountCents: 1_000, organizationId: tree.team.id });
    const logo = await upload(`/admin/campaign/${c.id}/avatar`);
    const res = await admin.call({ method: 'DELETE', url: `${V1}/campaign`, payload: { id: c.id } });
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect({ served: await served(logo), stored: row!.logoUrl }).toEqual({ served: 200, stored: logo });
  });

  it('a node that is not empty is not deleted and keeps its logo', async () => {
    const tree = await createTree(t.db);
    const logo = await upload(`/admin/organization/${tree.team.id}/avatar`);
    const res = await admin.call({ method: 'DELETE', url: `${V1}/admin/organization/${tree.team.id}` });
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, tree.team.id));
    expect({ served: await served(logo), stored: row!.logoUrl }).toEqual({ served: 200, stored: logo });
  });

  it('an image stored for an owner that is gone is deleted, and the owner keeps nothing', async () => {
    const url = await t.app.files.put('logos/c999999-orphan.webp', await smallPng(), 'image/webp');
    await expect(replaceImage(t.app, 'campaign', 999_999, url)).rejects.toMatchObject({ status: 404 });
    expect(await served(url)).toBe(404);
  });

  it('deleting is idempotent: a file already gone, or a URL the store never issued, is no error', async () => {
    const url = await t.app.files.put('avatars/u1-twice.webp', await smallPng(), 'image/webp');
    expect(await t.app.files.remove(url)).toBe(true);
    expect(await t.app.files.remove(url)).toBe(false);
    expect(await t.app.files.remove('https://example.test/files/x.webp')).toBe(false);
    expect(await t.app.files.remove('/files/../../etc/passwd')).toBe(false);
    await expect(discardImages(t.app, [url, null, url])).resolves.toBeUndefined();
  });
});
