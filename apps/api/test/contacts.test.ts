/**
 * A family's contacts (spec §7 "Fundraisers"; decision 007): adding one or a pasted list
 * (lower-cased, duplicates skipped and counted), editing, deleting, "invite to donate" emails
 * with the player's page link and tracking token in the family's language, the 24-hour re-invite
 * rule, and the status each contact shows (added → invited → opened → donated) read from the
 * donations. Refusals across other families, sibling teams and other organizations.
 */

import { parseContactList } from '@fc/contracts';
import { campaignFundraisers, donations, emails, fundraiserContacts } from '@fc/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer, campaign, contact, donate, family, page } from './fundraisers-fixtures.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

type Caller = Awaited<ReturnType<typeof actor>>;
type Family = Awaited<ReturnType<typeof family>>;
const V1 = '/api/v1';
const PUBLIC_URL = 'https://give.example.org';

let t: TestApp;
let a: Awaited<ReturnType<typeof createTree>>;
let b: Awaited<ReturnType<typeof createTree>>;
let teamAdminA: Caller;
let teamAdminA2: Caller;
let orgUserA: Caller;
let orgAdminB: Caller;
let famA: Family;
let famEs: Family;
let famB: Family;
let camp: { id: number; title: string };
let cfA: { id: number; campaignId: number; slug: string };
let cfEs: { id: number; campaignId: number; slug: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  a = await createTree(t.db);
  b = await createTree(t.db);
  const teamA2 = await createOrg(t.db, 3, a.league.id);
  teamAdminA = await actor(t, { membership: { organizationId: a.team.id, role: 'team_admin' } });
  teamAdminA2 = await actor(t, { membership: { organizationId: teamA2.id, role: 'team_admin' } });
  orgUserA = await actor(t, { membership: { organizationId: a.org.id, role: 'org_user' } });
  orgAdminB = await actor(t, { membership: { organizationId: b.org.id, role: 'org_admin' } });
  famA = await family(t, a.division.id, { first: 'Mia', parentLast: 'Lopez' });
  famEs = await family(t, a.division.id, { first: 'Luis', language: 'es' });
  famB = await family(t, b.division.id, { first: 'Otto' });
  camp = await campaign(t.db, a.team.id, { title: 'Winter Classic' });
  cfA = await page(t.db, camp.id, famA.player.id, { goalCents: 20_000 });
  cfEs = await page(t.db, camp.id, famEs.player.id);
});
afterAll(async () => t.close());

const post = (who: Caller, url: string, payload: Record<string, unknown>) =>
  who.call({ method: 'POST', url: `${V1}${url}`, payload });
const add = (who: Caller, fundraiserId: number, campaignId: number, contacts: unknown[]) =>
  post(who, '/fundraiser_contact', { fundraiserId, campaignId, contacts });
const invite = (who: Caller, fundraiserId: number, contactIds: number[], note?: string) =>
  post(who, '/fundraiser_contact/invite', { fundraiserId, campaignId: camp.id, contactIds, ...(note ? { note } : {}) });
const contactsOf = async (who: Caller, playerId: number) => {
  const res = await who.call({ method: 'GET', url: `${V1}/fundraiser/${playerId}/contacts?campaign=${camp.id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; email: string; status: string; donatedCents: number; name: string }[];
};
const rowsOf = (playerId: number) =>
  t.db
    .select()
    .from(fundraiserContacts)
    .where(and(eq(fundraiserContacts.playerId, playerId), eq(fundraiserContacts.campaignId, camp.id)));

describe('POST /fundraiser_contact', () => {
  it('imports a pasted list: lower-cased emails, duplicates skipped and counted, a tracking token each', async () => {
    const pasted = [
      'Grandma Rose <Rose@Example.test>',
      'Uncle Tom, TOM@example.test, 555-123-4567',
      'coach@example.test',
      'not a contact line',
      'Rose Again <rose@example.test>',
      'Aunt\tAUNT@example.test',
    ].join('\n');
    const parsed = parseContactList(pasted);
    expect(parsed.invalidLines).toEqual([4]);
    const res = await add(famA.parent, famA.player.id, camp.id, parsed.contacts);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ added: 4, duplicates: 1 });
    expect(body.message).toBe('4 contacts added. 1 already on the list.');
    expect(body.data.contacts.map((c: { email: string }) => c.email).sort()).toEqual([
      'aunt@example.test',
      'coach@example.test',
      'rose@example.test',
      'tom@example.test',
    ]);
    expect(body.data.contacts.every((c: { status: string }) => c.status === 'added')).toBe(true);
    const tom = body.data.contacts.find((c: { email: string }) => c.email === 'tom@example.test');
    expect(tom).toMatchObject({
      name: 'Uncle Tom',
      phone: '555-123-4567',
      fundraiser: famA.player.id,
      campaignId: camp.id,
    });

    // Pasting the same list again adds nothing.
    const again = await add(famA.parent, famA.player.id, camp.id, parsed.contacts);
    expect(again.json().data).toMatchObject({ added: 0, duplicates: 5, contacts: [] });
    const rows = await rowsOf(famA.player.id);
    expect(rows).toHaveLength(4);
    const tokens = new Set(rows.map((r) => r.trackToken));
    expect(tokens.size).toBe(4);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('lets staff who may change the player add contacts; answers 404/403 to everyone else', async () => {
    const one = [{ name: 'Neighbour', email: 'neighbour@example.test' }];
    const staff = await add(teamAdminA, famA.player.id, camp.id, one);
    expect(staff.statusCode, staff.body).toBe(200);
    const before = (await rowsOf(famA.player.id)).length;
    for (const who of [famB.parent, famEs.parent, teamAdminA2, orgAdminB])
      expect((await add(who, famA.player.id, camp.id, [{ name: 'X', email: 'x@example.test' }])).statusCode).toBe(404);
    expect((await add(orgUserA, famA.player.id, camp.id, [{ name: 'X', email: 'x@example.test' }])).statusCode).toBe(
      403,
    );
    expect(await rowsOf(famA.player.id)).toHaveLength(before);
  });

  it('requires the player to be on the campaign', async () => {
    const elsewhere = await campaign(t.db, a.team.id);
    const res = await add(famA.parent, famA.player.id, elsewhere.id, [{ name: 'X', email: 'x@example.test' }]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_ON_CAMPAIGN', errors: [{ path: 'body.campaignId' }] });
    const foreign = await campaign(t.db, b.team.id);
    const res2 = await add(famA.parent, famA.player.id, foreign.id, [{ name: 'X', email: 'x@example.test' }]);
    expect(res2.statusCode).toBe(404);
  });

  it('validates each contact with its field path', async () => {
    const res = await add(famA.parent, famA.player.id, camp.id, [
      { name: 'Fine', email: 'fine@example.test' },
      { name: '', email: 'nope' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.contacts.1.email', 'body.contacts.1.name']);
    const empty = await add(famA.parent, famA.player.id, camp.id, []);
    expect(empty.json().errors[0].path).toBe('body.contacts');
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ name: `N${i}`, email: `n${i}@example.test` }));
    expect((await add(famA.parent, famA.player.id, camp.id, tooMany)).statusCode).toBe(400);
    const extra = await post(famA.parent, '/fundraiser_contact', {
      fundraiserId: famA.player.id,
      campaignId: camp.id,
      contacts: [{ name: 'A', email: 'a@example.test', trackToken: 'mine' }],
    });
    expect(extra.json().errors[0].path).toBe('body.contacts.0.trackToken');
    expect(await rowsOf(famA.player.id).then((r) => r.some((c) => c.email === 'fine@example.test'))).toBe(false);
  });
});

describe('POST /fundraiser_contact/update and DELETE /fundraiser/:fundraiser/contact/:contactid', () => {
  it('edits a contact; a new email is a new person (not invited, new token); a taken email is 409', async () => {
    const c = await contact(t.db, famA.player.id, camp.id, 'old.friend@example.test');
    await t.db.update(fundraiserContacts).set({ invitedAt: new Date() }).where(eq(fundraiserContacts.id, c.id));
    const named = await post(famA.parent, '/fundraiser_contact/update', {
      id: c.id,
      fundraiserId: famA.player.id,
      name: 'Old Friend',
      phone: '555-0199',
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toMatchObject({ name: 'Old Friend', phone: '555-0199', status: 'invited' });
    const moved = await post(famA.parent, '/fundraiser_contact/update', {
      id: c.id,
      fundraiserId: famA.player.id,
      email: 'New.Friend@Example.test',
    });
    expect(moved.json().data).toMatchObject({ email: 'new.friend@example.test', status: 'added', invitedAt: null });
    const [row] = await t.db.select().from(fundraiserContacts).where(eq(fundraiserContacts.id, c.id));
    expect(row!.trackToken).not.toBe(c.trackToken);
    const taken = await post(famA.parent, '/fundraiser_contact/update', {
      id: c.id,
      fundraiserId: famA.player.id,
      email: 'rose@example.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'body.email', message: 'Already on the list' }]);
  });

  it("refuses another family's contact, or a contact named under the wrong player", async () => {
    const mine = await contact(t.db, famA.player.id, camp.id);
    const theirs = await contact(t.db, famEs.player.id, camp.id);
    const upd = (who: Caller, id: number, fundraiserId: number) =>
      post(who, '/fundraiser_contact/update', { id, fundraiserId, name: 'Changed' });
    expect((await upd(famEs.parent, mine.id, famA.player.id)).statusCode).toBe(404);
    // Naming your own player with someone else's contact id finds nothing.
    expect((await upd(famA.parent, theirs.id, famA.player.id)).statusCode).toBe(404);
    expect((await upd(teamAdminA2, mine.id, famA.player.id)).statusCode).toBe(404);
    expect((await upd(orgUserA, mine.id, famA.player.id)).statusCode).toBe(403);
    const del = (who: Caller, playerId: number, id: number) =>
      who.call({ method: 'DELETE', url: `${V1}/fundraiser/${playerId}/contact/${id}` });
    expect((await del(famA.parent, famA.player.id, theirs.id)).statusCode).toBe(404);
    expect((await del(famB.parent, famA.player.id, mine.id)).statusCode).toBe(404);
    expect((await del(orgAdminB, famA.player.id, mine.id)).statusCode).toBe(404);
    expect((await del(orgUserA, famA.player.id, mine.id)).statusCode).toBe(403);
    const still = await t.db
      .select()
      .from(fundraiserContacts)
      .where(inArray(fundraiserContacts.id, [mine.id, theirs.id]));
    expect(still.map((r) => r.name).sort()).toEqual([mine.name, theirs.name].sort());
  });

  it('deletes a contact; donations that named it keep their amount and donor', async () => {
    const c = await contact(t.db, famA.player.id, camp.id);
    const d = await donate(t.db, cfA, { amountCents: 2_000, organizationId: a.team.id, contactId: c.id });
    const res = await famA.parent.call({ method: 'DELETE', url: `${V1}/fundraiser/${famA.player.id}/contact/${c.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`${c.name} was removed from the contacts.`);
    expect(await t.db.select().from(fundraiserContacts).where(eq(fundraiserContacts.id, c.id))).toEqual([]);
    const [kept] = await t.db.select().from(donations).where(eq(donations.id, d.id));
    expect(kept).toMatchObject({ amountCents: 2_000, contactId: null, status: 1 });
    // Clean up so later totals are exact.
    await t.db.delete(donations).where(eq(donations.id, d.id));
  });
});

describe('POST /fundraiser_contact/invite', () => {
  it("emails each contact the player's page link with its tracking token and records the invitation", async () => {
    const list = await contactsOf(famA.parent, famA.player.id);
    const rose = list.find((c) => c.email === 'rose@example.test')!;
    const tom = list.find((c) => c.email === 'tom@example.test')!;
    const res = await invite(famA.parent, famA.player.id, [rose.id, tom.id], 'Every dollar helps us travel!');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sent: 2, skipped: 0 });
    const rows = await t.db
      .select()
      .from(fundraiserContacts)
      .where(inArray(fundraiserContacts.id, [rose.id, tom.id]));
    for (const row of rows) {
      expect(row.invitedAt).not.toBeNull();
      const [mail] = await t.db.select().from(emails).where(eq(emails.to, row.email)).orderBy(desc(emails.id));
      expect(mail).toMatchObject({ template: 'contact_invite', subject: 'Mia invites you to support Winter Classic' });
      expect(mail!.text).toContain(`${PUBLIC_URL}/fundraisers/${cfA.slug}?c=${row.trackToken}`);
      expect(mail!.text).toContain('Every dollar helps us travel!');
      expect(mail!.text).toContain('$200.00');
      expect(mail!.text).toContain(`Hi ${row.name},`);
      expect(mail!.meta).toMatchObject({ contactId: row.id, campaignFundraiserId: cfA.id });
    }
    const statuses = await contactsOf(teamAdminA, famA.player.id);
    expect(statuses.find((c) => c.id === rose.id)!.status).toBe('invited');
    expect(statuses.find((c) => c.id === list.find((x) => x.email === 'coach@example.test')!.id)!.status).toBe('added');
  });

  it('writes in the family language', async () => {
    const added = await add(famEs.parent, famEs.player.id, camp.id, [{ name: 'Tía Ana', email: 'ana@example.test' }]);
    const id = added.json().data.contacts[0].id as number;
    const res = await invite(famEs.parent, famEs.player.id, [id]);
    expect(res.json().data.sent).toBe(1);
    const [mail] = await t.db.select().from(emails).where(eq(emails.to, 'ana@example.test'));
    expect(mail!.subject).toBe('Luis te invita a apoyar Winter Classic');
    expect(mail!.text).toContain('Hola Tía Ana:');
    expect(mail!.text).toContain(`${PUBLIC_URL}/fundraisers/${cfEs.slug}?c=`);
  });

  it('skips and reports a contact invited in the last 24 hours; allows it again after', async () => {
    const rose = (await contactsOf(famA.parent, famA.player.id)).find((c) => c.email === 'rose@example.test')!;
    const coach = (await contactsOf(famA.parent, famA.player.id)).find((c) => c.email === 'coach@example.test')!;
    const sentBefore = await t.db.select().from(emails).where(eq(emails.to, 'rose@example.test'));
    const res = await invite(famA.parent, famA.player.id, [rose.id, coach.id]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ sent: 1, skipped: 1 });
    const skipped = data.results.find((r: { id: number }) => r.id === rose.id);
    expect(skipped.outcome).toBe('recently_invited');
    const [row] = await t.db.select().from(fundraiserContacts).where(eq(fundraiserContacts.id, rose.id));
    expect(Date.parse(skipped.retryAt)).toBe(row!.invitedAt!.getTime() + 24 * 3600_000);
    expect(await t.db.select().from(emails).where(eq(emails.to, 'rose@example.test'))).toHaveLength(sentBefore.length);

    // The same call made twice at once still emails each contact once.
    const fresh = await add(famA.parent, famA.player.id, camp.id, [{ name: 'Twice', email: 'twice@example.test' }]);
    const twiceId = fresh.json().data.contacts[0].id as number;
    const both = await Promise.all([
      invite(famA.parent, famA.player.id, [twiceId]),
      invite(famA.parent, famA.player.id, [twiceId]),
    ]);
    expect(both.map((r) => r.json().data.sent).sort()).toEqual([0, 1]);
    expect(await t.db.select().from(emails).where(eq(emails.to, 'twice@example.test'))).toHaveLength(1);

    await t.db
      .update(fundraiserContacts)
      .set({ invitedAt: sql`now() - interval '25 hours'` })
      .where(eq(fundraiserContacts.id, rose.id));
    const later = await invite(famA.parent, famA.player.id, [rose.id]);
    expect(later.json().data).toMatchObject({ sent: 1, skipped: 0 });
    expect(await t.db.select().from(emails).where(eq(emails.to, 'rose@example.test'))).toHaveLength(
      sentBefore.length + 1,
    );
  });

  it("reports contacts that are not this player's on this campaign, and never emails them", async () => {
    const theirs = await contact(t.db, famEs.player.id, camp.id, 'not-mine@example.test');
    const res = await invite(famA.parent, famA.player.id, [theirs.id, 99_999_999]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      sent: 0,
      skipped: 2,
      results: [
        { id: theirs.id, outcome: 'not_found', email: null },
        { id: 99_999_999, outcome: 'not_found', email: null },
      ],
    });
    expect(await t.db.select().from(emails).where(eq(emails.to, 'not-mine@example.test'))).toEqual([]);
  });

  it('refuses campaigns that are not active, other families and read-only staff', async () => {
    const draft = await campaign(t.db, a.team.id, { status: 'draft' });
    await page(t.db, draft.id, famA.player.id);
    const c = await contact(t.db, famA.player.id, draft.id);
    const res = await post(famA.parent, '/fundraiser_contact/invite', {
      fundraiserId: famA.player.id,
      campaignId: draft.id,
      contactIds: [c.id],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CAMPAIGN_NOT_ACTIVE', errors: [{ path: 'body.campaignId' }] });
    const coach = (await contactsOf(famA.parent, famA.player.id)).find((x) => x.email === 'coach@example.test')!;
    expect((await invite(famB.parent, famA.player.id, [coach.id])).statusCode).toBe(404);
    expect((await invite(teamAdminA2, famA.player.id, [coach.id])).statusCode).toBe(404);
    expect((await invite(orgUserA, famA.player.id, [coach.id])).statusCode).toBe(403);
    const bad = await post(famA.parent, '/fundraiser_contact/invite', {
      fundraiserId: famA.player.id,
      campaignId: camp.id,
      contactIds: [],
      note: 'x'.repeat(1001),
    });
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.contactIds', 'body.note']);
  });
});

describe('contact status and totals', () => {
  it('moves added → invited → opened → donated, from completed donations by contact or by email', async () => {
    const kid = await addPlayer(t.db, a.division.id, { guardianUserId: famA.parent.user.id, first: 'Tia' });
    const cf = await page(t.db, camp.id, kid.id);
    const added = await add(famA.parent, kid.id, camp.id, [
      { name: 'By Link', email: 'link@example.test' },
      { name: 'By Email', email: 'mail@example.test' },
    ]);
    const [byLink, byEmail] = added.json().data.contacts as { id: number; email: string }[];
    const linkId = [byLink, byEmail].find((c) => c!.email === 'link@example.test')!.id;
    const emailId = [byLink, byEmail].find((c) => c!.email === 'mail@example.test')!.id;
    const status = async () =>
      Object.fromEntries(
        (await contactsOf(famA.parent, kid.id)).map((c) => [c.email, `${c.status}:${c.donatedCents}`]),
      );
    expect(await status()).toEqual({ 'link@example.test': 'added:0', 'mail@example.test': 'added:0' });
    await invite(famA.parent, kid.id, [linkId, emailId]);
    expect(await status()).toEqual({ 'link@example.test': 'invited:0', 'mail@example.test': 'invited:0' });
    // The public page records the visit when the link's token comes back.
    await t.db.update(fundraiserContacts).set({ openedAt: new Date() }).where(eq(fundraiserContacts.id, linkId));
    expect((await status())['link@example.test']).toBe('opened:0');
    // Pending, failed and fully refunded donations do not count.
    await donate(t.db, cf, { amountCents: 3_000, status: 0, contactId: linkId, organizationId: a.team.id });
    await donate(t.db, cf, { amountCents: 3_000, status: 2, contactId: linkId, organizationId: a.team.id });
    await donate(t.db, cf, {
      amountCents: 3_000,
      status: 3,
      refundedCents: 3_000,
      email: 'mail@example.test',
      organizationId: a.team.id,
    });
    expect(await status()).toEqual({ 'link@example.test': 'opened:0', 'mail@example.test': 'invited:0' });
    await donate(t.db, cf, { amountCents: 2_500, contactId: linkId, organizationId: a.team.id });
    await donate(t.db, cf, {
      amountCents: 4_000,
      refundedCents: 1_000,
      email: 'mail@example.test',
      organizationId: a.team.id,
    });
    // A gift to another player's page from the same email says nothing about this contact list.
    await donate(t.db, cfEs, { amountCents: 9_900, email: 'mail@example.test', organizationId: a.team.id });
    expect(await status()).toEqual({ 'link@example.test': 'donated:2500', 'mail@example.test': 'donated:3000' });

    const pageRes = await famA.parent.call({ method: 'GET', url: `${V1}/fundraiser/${kid.id}/campaign/${camp.id}` });
    // Completed minus refunds: 2,500 + (4,000 − 1,000).
    expect(pageRes.json().data).toMatchObject({ raisedCents: 5_500, donations: 2, donors: 2, contacts: 2 });
    const [truth] = (
      (await t.db.execute(sql`select coalesce(sum(amount_cents - refunded_cents), 0)::int as n from donations
        where campaign_fundraiser_id = ${cf.id} and status = 1`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(pageRes.json().data.raisedCents).toBe(truth!.n);
    const [cfRow] = await t.db.select().from(campaignFundraisers).where(eq(campaignFundraisers.id, cf.id));
    expect(cfRow!.playerId).toBe(kid.id);
  });
});
