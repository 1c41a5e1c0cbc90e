/**
 * Players on a campaign (the spec's "campaign fundraisers"): the list with totals and invitation
 * status, the divisions players can be added from, bulk add, and removal. Who sees and changes
 * which rows, and what the invitation status means: player-rows.ts.
 */
import type { CampaignFundraiser, InviteStatus } from '@fc/contracts';
import { slugify } from '@fc/contracts';
import { campaignFundraisers, fundraiserContacts, rows } from '@fc/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { discardImages, releaseUnlistedPlayerPhotos } from '../../lib/images.js';
import { playerSearchSql } from '../../lib/text-search.js';
import type { Principal } from '../../types.js';
import { rosterWritableSql } from './campaigns.access.js';
import * as repo from './campaigns.repository.js';
import { campaignFor } from './campaigns.service.js';
import { sendCampaignInvites } from './invitations.js';
import { inviteStatusSql, joinedSql, rowScopeSql } from './player-rows.js';
import { cfTotalsLateral } from './totals.js';

const SORT: Record<string, string> = {
  name: 'lower(pl.last_name) {dir}, lower(pl.first_name) {dir}',
  division: 'lower(dv.name) {dir} nulls last',
  goal: 'coalesce(cf.goal_cents, 0) {dir}',
  raised: 't.raised_cents {dir}',
  donors: 't.donors {dir}',
  status: 'invite_rank {dir}',
};

export interface PlayersQuery {
  q?: string | undefined;
  page: number;
  perPage: number;
  sort: 'asc' | 'desc';
  sortColumn: string;
  division?: number | undefined;
  inviteStatus?: InviteStatus | undefined;
}

export async function listPlayers(app: FastifyInstance, p: Principal, campaignId: number, q: PlayersQuery) {
  const c = await campaignFor(app, p, campaignId, 'organizer');
  const conds: SQL[] = [sql`cf.campaign_id = ${campaignId}`, rowScopeSql(p, c, 'read')];
  if (q.q) conds.push(playerSearchSql(q.q));
  if (q.division !== undefined) conds.push(sql`cf.division_id = ${q.division}`);
  if (q.inviteStatus) conds.push(sql`${inviteStatusSql} = ${q.inviteStatus}`);
  const where = sql.join(conds, sql` and `);
  const from = sql`campaign_fundraisers cf join players pl on pl.id = cf.player_id
    left join organizations dv on dv.id = cf.division_id
    left join users gu on gu.id = pl.guardian_user_id`;
  const [countRow] = await rows<{ n: number }>(app.db, sql`select count(*)::int as n from ${from} where ${where}`);
  const total = Number(countRow?.n ?? 0);
  if (total === 0) return { rows: [] as CampaignFundraiser[], total };
  const dir = q.sort === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(`${(SORT[q.sortColumn] ?? SORT.name!).replaceAll('{dir}', dir)}, cf.id ${dir}`);
  const list = await rows(
    app.db,
    sql`select cf.id, cf.player_id, pl.first_name, pl.last_name, pl.parent_first_name, pl.parent_last_name,
        pl.email, cf.division_id, dv.name as division_name, cf.slug, coalesce(cf.goal_cents, 0) as goal_cents,
        ${inviteStatusSql} as invite_status, cf.invited_at, cf.accepted_at,
        (case when ${joinedSql} then 2 when cf.invited_at is not null then 1 else 0 end) as invite_rank,
        (select count(*)::int from fundraiser_contacts fc
          where fc.player_id = cf.player_id and fc.campaign_id = cf.campaign_id) as contacts,
        t.raised_cents, t.donors, t.donations
      from ${from} left join lateral ${cfTotalsLateral(sql`cf.id`)} t on true
      where ${where} order by ${order} limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
  );
  return {
    total,
    rows: list.map(
      (r): CampaignFundraiser => ({
        id: Number(r.id),
        playerId: Number(r.player_id),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        parentFirstName: (r.parent_first_name as string | null) ?? null,
        parentLastName: (r.parent_last_name as string | null) ?? null,
        email: String(r.email),
        divisionId: r.division_id == null ? null : Number(r.division_id),
        divisionName: (r.division_name as string | null) ?? null,
        slug: String(r.slug),
        goalCents: Number(r.goal_cents),
        inviteStatus: r.invite_status as InviteStatus,
        invitedAt: repo.iso(r.invited_at),
        acceptedAt: repo.iso(r.accepted_at),
        contacts: Number(r.contacts),
        raisedCents: Number(r.raised_cents ?? 0),
        donors: Number(r.donors ?? 0),
        donations: Number(r.donations ?? 0),
      }),
    ),
  };
}

/**
 * Divisions the caller may add players from: the campaign's own divisions (or, when it names
 * none, every division under its owner) plus every division under the nodes it is shared with,
 * kept to the rosters the caller may change.
 */
function candidateIdsSql(p: Principal, campaignId: number): SQL {
  return sql`(with recursive roots(id) as (
      select organization_id from campaign_divisions where campaign_id = ${campaignId}
      union select c.organization_id from campaigns c where c.id = ${campaignId}
        and not exists (select 1 from campaign_divisions x where x.campaign_id = ${campaignId})
      union select organization_id from organization_campaigns where campaign_id = ${campaignId}
    ), sub(id) as (select id from roots union select o.id from organizations o join sub on o.parent_id = sub.id)
    select o.id from organizations o join sub on sub.id = o.id
    where o.type_id = 4 and ${rosterWritableSql(p, sql`o.id`)})`;
}

export async function candidates(app: FastifyInstance, p: Principal, campaignId: number) {
  await campaignFor(app, p, campaignId, 'players');
  const list = await rows(
    app.db,
    sql`select o.id, o.name, tm.name as team_name,
        (select count(distinct f.player_id)::int from organization_fundraisers f where f.organization_id = o.id) as players,
        (select count(distinct f.player_id)::int from organization_fundraisers f where f.organization_id = o.id
          and not exists (select 1 from campaign_fundraisers cf
            where cf.campaign_id = ${campaignId} and cf.player_id = f.player_id)) as not_on
      from organizations o left join organizations tm on tm.id = o.parent_id
      where o.id in ${candidateIdsSql(p, campaignId)}
      order by lower(tm.name) nulls first, lower(o.name), o.id`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    teamName: (r.team_name as string | null) ?? null,
    players: Number(r.players),
    notOnCampaign: Number(r.not_on),
  }));
}

/** `jane-d-<campaign-slug>`: first name, last initial, campaign (the public page address). */
export function fundraiserSlugBase(first: string, last: string, campaignSlug: string) {
  const name = [slugify(first, 30) || 'player', slugify(last.trim().charAt(0), 1)].filter(Boolean).join('-');
  return `${name}-${campaignSlug}`;
}

function freeSlug(base: string, taken: Set<string>) {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

type Pair = { playerId: number; divisionId: number };

/** The players to add: whole divisions and chosen players, each from a roster the caller may change. */
async function eligiblePairs(
  app: FastifyInstance,
  p: Principal,
  campaignId: number,
  divisionIds: number[],
  playerIds: number[],
): Promise<Pair[]> {
  const allowed = new Set(
    (await rows<{ id: number }>(app.db, sql`select id from ${candidateIdsSql(p, campaignId)} x`)).map((r) =>
      Number(r.id),
    ),
  );
  const badDivisions = [...new Set(divisionIds)].filter((d) => !allowed.has(d));
  if (badDivisions.length)
    throw badRequest('DIVISION_NOT_ALLOWED', 'You can add players only from divisions taking part that you manage.', [
      { path: 'body.divisionIds', message: `Not a division you can add players from: ${badDivisions.join(', ')}` },
    ]);
  if (allowed.size === 0) {
    if (playerIds.length)
      throw badRequest('PLAYER_NOT_ALLOWED', 'These players are not on a roster you can add from.', [
        { path: 'body.playerIds', message: `Not on a roster you can add from: ${playerIds.join(', ')}` },
      ]);
    return [];
  }
  const reqDivs = divisionIds.length ? repo.idList(divisionIds) : sql`(null)`;
  const reqPlayers = playerIds.length ? repo.idList(playerIds) : sql`(null)`;
  const found = await rows(
    app.db,
    sql`select f.player_id, min(case when f.organization_id in ${reqDivs} then f.organization_id end) as req_div,
        min(f.organization_id) as any_div
      from organization_fundraisers f
      where f.organization_id in ${repo.idList([...allowed])}
        and (f.organization_id in ${reqDivs} or f.player_id in ${reqPlayers})
      group by f.player_id`,
  );
  const pairs = found.map((r) => ({
    playerId: Number(r.player_id),
    divisionId: Number(r.req_div ?? r.any_div),
  }));
  const got = new Set(pairs.map((x) => x.playerId));
  const missing = [...new Set(playerIds)].filter((id) => !got.has(id));
  if (missing.length)
    throw badRequest('PLAYER_NOT_ALLOWED', 'Some players are not on a roster you can add from.', [
      { path: 'body.playerIds', message: `Not on a roster you can add from: ${missing.join(', ')}` },
    ]);
  return pairs;
}

/**
 * Adds players to the campaign. Idempotent and safe under concurrency: the campaign row is
 * locked while slugs are chosen, and the unique (campaign, player) index with ON CONFLICT DO
 * NOTHING is what guarantees a player is never on a campaign twice. A slug taken meanwhile by
 * another campaign's page makes the whole batch retry.
 */
export async function bulkAdd(
  app: FastifyInstance,
  p: Principal,
  body: { campaignId: number; divisionIds: number[]; playerIds: number[]; sendInvites: boolean },
) {
  const c = await campaignFor(app, p, body.campaignId, 'players');
  const pairs = await eligiblePairs(app, p, c.id, body.divisionIds, body.playerIds);
  let added: { id: number; playerId: number }[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      added = await insertPairs(app, c, pairs);
      break;
    } catch (err) {
      if (attempt >= 3 || !repo.isUniqueViolation(err, 'slug')) throw err;
    }
  }
  const invited =
    body.sendInvites && added.length
      ? await sendCampaignInvites(
          app,
          added.map((a) => a.id),
        )
      : 0;
  app.log.info({ campaignId: c.id, added: added.length, by: p.user.id }, 'players added to campaign');
  return { added: added.length, skipped: pairs.length - added.length, invited };
}

async function insertPairs(app: FastifyInstance, c: repo.CampaignAccess, pairs: Pair[]) {
  if (pairs.length === 0) return [];
  return app.db.transaction(async (tx) => {
    const db = tx as unknown as typeof app.db;
    await db.execute(sql`select id from campaigns where id = ${c.id} for update`);
    const ids = pairs.map((x) => x.playerId);
    const present = new Set(
      (
        await rows<{ player_id: number }>(
          db,
          sql`select player_id from campaign_fundraisers where campaign_id = ${c.id} and player_id in ${repo.idList(ids)}`,
        )
      ).map((r) => Number(r.player_id)),
    );
    const fresh = pairs.filter((x) => !present.has(x.playerId));
    if (fresh.length === 0) return [];
    const names = new Map(
      (
        await rows(
          db,
          sql`select id, first_name, last_name from players where id in ${repo.idList(fresh.map((x) => x.playerId))}`,
        )
      ).map((r) => [Number(r.id), { first: String(r.first_name), last: String(r.last_name) }]),
    );
    const taken = new Set(
      (
        await rows<{ slug: string }>(db, sql`select slug from campaign_fundraisers where slug like ${`%${c.slug}%`}`)
      ).map((r) => r.slug),
    );
    const values = fresh.map((x) => {
      const n = names.get(x.playerId)!;
      const slug = freeSlug(fundraiserSlugBase(n.first, n.last, c.slug), taken);
      taken.add(slug);
      return {
        campaignId: c.id,
        playerId: x.playerId,
        divisionId: x.divisionId,
        slug,
        goalCents: c.playerGoalCents ?? 0,
      };
    });
    const out: { id: number; playerId: number }[] = [];
    for (let i = 0; i < values.length; i += 1000) {
      out.push(
        ...(await db
          .insert(campaignFundraisers)
          .values(values.slice(i, i + 1000))
          .onConflictDoNothing({ target: [campaignFundraisers.campaignId, campaignFundraisers.playerId] })
          .returning({ id: campaignFundraisers.id, playerId: campaignFundraisers.playerId })),
      );
    }
    return out;
  });
}

/** A row of the campaign the caller sees: 404 otherwise; `change` also needs the right to change it (403). */
export async function rowFor(app: FastifyInstance, p: Principal, cfid: number, change: boolean) {
  const [row] = await rows(
    app.db,
    sql`select cf.id, cf.campaign_id, cf.player_id, pl.first_name, pl.last_name
      from campaign_fundraisers cf join players pl on pl.id = cf.player_id where cf.id = ${cfid}`,
  );
  const c = row ? await repo.findAccess(app.db, p, Number(row.campaign_id)) : null;
  const missing = () => notFound('This player was not found on a campaign you can see.');
  if (!row || !c?.canRead) throw missing();
  const [flags] = await rows(
    app.db,
    sql`select ${rowScopeSql(p, c, 'read')} as visible, ${rowScopeSql(p, c, 'update')} as writable
      from players pl where pl.id = ${Number(row.player_id)}`,
  );
  if (flags?.visible !== true) throw missing();
  if (change && (!c.canManagePlayers || flags.writable !== true))
    throw forbidden("You can view this player's campaign page but not change it.");
  return {
    id: Number(row.id),
    campaignId: c.id,
    playerId: Number(row.player_id),
    name: `${row.first_name} ${row.last_name}`,
    campaign: c,
  };
}

const hasDonations = (name: string) =>
  conflict('PLAYER_HAS_DONATIONS', `${name} has donations on this campaign and cannot be removed from it.`);

/** Removes a player (and the contacts their family added for it) from a campaign without donations to it. */
export async function removePlayer(app: FastifyInstance, p: Principal, cfid: number) {
  const row = await rowFor(app, p, cfid, true);
  const released = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select id from campaign_fundraisers where id = ${cfid} for update`);
    const res = (await tx.execute(
      sql`select exists (select 1 from donations d where d.campaign_fundraiser_id = ${cfid}
          or d.contact_id in (select id from fundraiser_contacts
            where player_id = ${row.playerId} and campaign_id = ${row.campaignId})) as any`,
    )) as unknown as { rows: { any: boolean }[] };
    if (res.rows[0]?.any) throw hasDonations(row.name);
    await tx
      .delete(fundraiserContacts)
      .where(and(eq(fundraiserContacts.playerId, row.playerId), eq(fundraiserContacts.campaignId, row.campaignId)));
    await tx.delete(campaignFundraisers).where(eq(campaignFundraisers.id, cfid));
    return releaseUnlistedPlayerPhotos(tx, [row.playerId]);
  });
  await discardImages(app, released);
  return `${row.name} was removed from ${row.campaign.title}.`;
}
