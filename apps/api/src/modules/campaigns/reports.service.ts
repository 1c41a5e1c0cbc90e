/**
 * Campaign summaries (spec §2 `/campaigns/{id}/summary` and `/summary/division/{divisionId}`):
 * totals, progress to goal, by division, by player, top donors and a daily series, every figure
 * under the rules of totals.ts so it equals the donations table (completed minus refunds). The
 * figures are read from totals the database keeps (reports.repository.ts, decision 024).
 *
 * Summaries are for the campaign's organizers (a family reading its own player's campaign gets a
 * 403 here: its figures are on the player's page). Top donors name people and their emails, so
 * they are listed only to callers who may read the donations credited to the campaign's owner.
 */
import type { CampaignReport } from '@fc/contracts';
import { type Row, rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { scopedSql } from './campaigns.access.js';
import { campaignFor } from './campaigns.service.js';
import * as repo from './reports.repository.js';

type Totals = { raisedCents: number; donors: number; donations: number };
const totalsOf = (r: Row | undefined): Totals => ({
  raisedCents: Number(r?.raised_cents ?? 0),
  donors: Number(r?.donors ?? 0),
  donations: Number(r?.donations ?? 0),
});

async function reportAccess(app: FastifyInstance, p: Principal, campaignId: number) {
  const c = await campaignFor(app, p, campaignId, 'organizer');
  const [r] = await rows(
    app.db,
    sql`select c.goal_cents, ${scopedSql(p, 'read', 'donations', sql`c.organization_id`)} as donors_ok
      from campaigns c where c.id = ${campaignId}`,
  );
  return { c, goalCents: Number(r?.goal_cents ?? 0), showDonors: r?.donors_ok === true };
}

async function divisionOf(app: FastifyInstance, campaignId: number, divisionId: number) {
  const [d] = await rows(
    app.db,
    sql`select o.id, o.name from organizations o where o.id = ${divisionId} and o.type_id = 4 and (
        exists (select 1 from campaign_divisions x where x.campaign_id = ${campaignId} and x.organization_id = o.id)
        or exists (select 1 from campaign_fundraisers cf where cf.campaign_id = ${campaignId} and cf.division_id = o.id))`,
  );
  if (!d) throw notFound('This division is not part of the campaign.');
  return { id: Number(d.id), name: String(d.name) };
}

export async function report(
  app: FastifyInstance,
  p: Principal,
  campaignId: number,
  divisionId?: number,
): Promise<CampaignReport> {
  const { c, goalCents, showDonors } = await reportAccess(app, p, campaignId);
  const division = divisionId === undefined ? null : await divisionOf(app, campaignId, divisionId);
  const cfWhere: SQL = division
    ? sql`cf.campaign_id = ${campaignId} and cf.division_id = ${division.id}`
    : sql`cf.campaign_id = ${campaignId}`;
  const donWhere: SQL = sql`d.campaign_id = ${campaignId} and d.campaign_fundraiser_id in
    (select cf.id from campaign_fundraisers cf where ${cfWhere})`;

  // The whole campaign's figures are all kept ones; a division's top donors and days are summed
  // from its pages' gifts.
  const [kept, pages, donors, taking, topDonors, daily] = await Promise.all([
    division ? Promise.resolve(undefined) : repo.campaignTotals(app.db, campaignId),
    repo.playerRows(app.db, cfWhere),
    repo.donorCounts(app.db, cfWhere, division ? null : campaignId),
    division ? Promise.resolve([]) : repo.takingPart(app.db, campaignId),
    showDonors
      ? division
        ? repo.donorRowsLive(app.db, donWhere)
        : repo.donorRowsKept(app.db, campaignId)
      : Promise.resolve([]),
    repo.dailyRows(app.db, division ? repo.perDayLive(donWhere) : repo.perDayKept(campaignId)),
  ]);
  const byPlayer = pages.map((r) => ({
    id: Number(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    divisionName: (r.division_name as string | null) ?? null,
    goalCents: Number(r.goal_cents),
    raisedCents: Number(r.raised_cents),
    donors: donors.byPage.get(Number(r.id)) ?? 0,
    donations: Number(r.donations),
  }));
  const pagesSum = sumOf(byPlayer);
  const t: Totals = kept ? totalsOf(kept) : { ...pagesSum, donors: donors.byDivision.get(division?.id ?? null) ?? 0 };
  // Gifts without a page: the campaign's kept totals minus its pages' (their donors are kept).
  const unpaged =
    kept && kept.unpaged === true
      ? { raisedCents: t.raisedCents - pagesSum.raisedCents, donations: t.donations - pagesSum.donations }
      : null;
  return {
    campaign: { id: c.id, title: c.title, slug: c.slug, status: c.status, goalCents },
    division,
    totals: {
      ...t,
      goalCents: division ? pagesSum.goalCents : goalCents,
      players: byPlayer.length,
      playersWithDonations: byPlayer.filter((r) => r.donations > 0).length,
      averageCents: t.donations ? Math.round(t.raisedCents / t.donations) : 0,
    },
    byDivision: divisionRows(pages, donors.byDivision, taking, unpaged),
    byPlayer,
    topDonors: topDonors.map((r) => ({
      name: String(r.name),
      email: String(r.email),
      totalCents: Number(r.total),
      donations: Number(r.donations),
    })),
    daily: daily.map((r) => ({ date: String(r.date), raisedCents: Number(r.raised), donations: Number(r.n) })),
  };
}

const sumOf = (list: { raisedCents: number; donations: number; goalCents: number }[]) =>
  list.reduce(
    (n, r) => ({
      raisedCents: n.raisedCents + r.raisedCents,
      donations: n.donations + r.donations,
      goalCents: n.goalCents + r.goalCents,
    }),
    { raisedCents: 0, donations: 0, goalCents: 0 },
  );

type Division = { id: number | null; name: string | null; players: number; goalCents: number } & Totals;

/**
 * One row per division with players (plus, on the campaign report, each division taking part
 * even before it has any), and a row without a division for players added directly and donations
 * to the campaign as a whole. The rows add up to the totals.
 */
function divisionRows(
  pages: Row[],
  donors: Map<number | null, number>,
  taking: Row[],
  unpaged: { raisedCents: number; donations: number } | null,
): Division[] {
  const key = (v: unknown) => (v == null ? null : Number(v));
  const rowsBy = new Map<number | null, Division>();
  const at = (id: number | null, name: string | null) => {
    let r = rowsBy.get(id);
    if (!r) {
      r = { id, name, players: 0, goalCents: 0, raisedCents: 0, donors: 0, donations: 0 };
      rowsBy.set(id, r);
    }
    return r;
  };
  for (const p of pages) {
    const r = at(key(p.division_id), (p.division_name as string | null) ?? null);
    r.players++;
    r.goalCents += Number(p.goal_cents);
    r.raisedCents += Number(p.raised_cents);
    r.donations += Number(p.donations);
  }
  for (const d of taking) at(key(d.id), String(d.name));
  if (unpaged) {
    const r = at(null, null);
    r.raisedCents += unpaged.raisedCents;
    r.donations += unpaged.donations;
  }
  for (const [id, n] of donors) {
    const r = rowsBy.get(id);
    if (r) r.donors = n;
  }
  return [...rowsBy.values()].sort(
    (a, b) =>
      b.raisedCents - a.raisedCents ||
      (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) ||
      (a.name ?? '').localeCompare(b.name ?? ''),
  );
}
