/**
 * SQL of team registrations (issue 15): the record by its secret's hash or id, the staff list
 * (filters, search, sort, summary) and the text the list searches. A record's status is
 * `in_progress` until it is submitted, then its decision.
 */
import type {
  RegistrationAnswers,
  RegistrationDetail,
  RegistrationFilter,
  RegistrationListItem,
  RegistrationSummary,
} from '@fc/contracts';
import { type Db, firstRow, type Queryable, rows, type Tx } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../lib/text-search.js';

/** Who may see which records: every record (null) or an FYS Sales user's own and unassigned ones. */
export type Visibility = { salesUserId: number } | null;

const iso = (v: unknown) => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

export const STATUS_SQL = sql.raw(
  `case when r.decision = 'pending' and r.submitted_at is null then 'in_progress' else r.decision end`,
);
const TEAM_NAME = sql.raw(`coalesce(r.answers #>> '{team,name}', et.name)`);
const ORG_NAME = sql.raw(`coalesce(r.answers #>> '{organization,name}', eo.name)`);

const FROM = sql.raw(`from team_registrations r
  join users u on u.id = r.registrant_user_id
  left join users s on s.id = r.sales_user_id
  left join users d on d.id = r.decided_by_user_id
  left join organizations et on et.id = r.existing_team_id
  left join organizations eo on eo.id = coalesce((r.answers #>> '{organization,organizationId}')::int, et.parent_id)`);

const COLUMNS = sql`r.id, ${STATUS_SQL} as status, r.step, ${TEAM_NAME} as team_name, ${ORG_NAME} as org_name,
  u.first_name as reg_first, u.last_name as reg_last, u.email as reg_email, u.email_confirmed_at as reg_confirmed,
  s.id as sales_id, s.first_name as sales_first, s.last_name as sales_last,
  r.created_at, r.updated_at, r.submitted_at, r.answers, r.language, r.existing_team_id, et.name as existing_team_name,
  eo.name as existing_org_name, d.id as decided_id, d.first_name as decided_first, d.last_name as decided_last,
  r.decided_at, r.reason, r.created_organization_id, r.created_team_id, r.created_division_id, r.created_campaign_id,
  r.affiliate_id, r.decision`;

type Row = Record<string, unknown>;
const num = (v: unknown) => (v == null ? null : Number(v));
const name = (first: unknown, last: unknown) => `${String(first ?? '')} ${String(last ?? '')}`.trim();

function toItem(r: Row, now = Date.now()): RegistrationListItem {
  const created = iso(r.created_at)!;
  return {
    id: Number(r.id),
    status: r.status as RegistrationListItem['status'],
    step: Number(r.step),
    teamName: (r.team_name as string | null) ?? null,
    organizationName: (r.org_name as string | null) ?? null,
    registrant: { name: name(r.reg_first, r.reg_last), email: String(r.reg_email) },
    salesperson: r.sales_id == null ? null : { id: Number(r.sales_id), name: name(r.sales_first, r.sales_last) },
    createdAt: created,
    updatedAt: iso(r.updated_at)!,
    submittedAt: iso(r.submitted_at),
    ageDays: Math.max(0, Math.floor((now - Date.parse(created)) / 86_400_000)),
  };
}

function toDetail(r: Row): RegistrationDetail {
  return {
    ...toItem(r),
    answers: (r.answers ?? {}) as RegistrationAnswers,
    registrantDetails: {
      firstName: String(r.reg_first),
      lastName: String(r.reg_last),
      email: String(r.reg_email),
      emailConfirmed: r.reg_confirmed != null,
    },
    existingTeam:
      r.existing_team_id == null ? null : { id: Number(r.existing_team_id), name: String(r.existing_team_name) },
    language: r.language === 'es' ? 'es' : 'en',
    decidedBy: r.decided_id == null ? null : { id: Number(r.decided_id), name: name(r.decided_first, r.decided_last) },
    decidedAt: iso(r.decided_at),
    reason: (r.reason as string | null) ?? null,
    created:
      r.created_team_id == null
        ? null
        : {
            organizationId: Number(r.created_organization_id),
            teamId: Number(r.created_team_id),
            divisionId: num(r.created_division_id),
            campaignId: Number(r.created_campaign_id),
          },
    affiliateId: num(r.affiliate_id),
  };
}

const visibleSql = (v: Visibility): SQL =>
  v ? sql`(r.sales_user_id = ${v.salesUserId} or r.sales_user_id is null)` : sql`true`;

const FILTER_SQL: Record<RegistrationFilter, SQL> = {
  all: sql`true`,
  in_progress: sql`(r.submitted_at is null and r.decision = 'pending')`,
  submitted: sql`r.submitted_at is not null`,
  pending: sql`(r.submitted_at is not null and r.decision = 'pending')`,
  approved: sql`r.decision = 'approved'`,
  rejected: sql`r.decision = 'rejected'`,
  withdrawn: sql`r.decision = 'withdrawn'`,
};

const SORT_SQL: Record<string, SQL> = {
  createdAt: sql`r.created_at`,
  updatedAt: sql`r.updated_at`,
  submittedAt: sql`r.submitted_at`,
  teamName: sql`lower(${TEAM_NAME})`,
  organizationName: sql`lower(${ORG_NAME})`,
  step: sql`r.step`,
};

export interface ListParams {
  status: RegistrationFilter;
  q?: string | undefined;
  page: number;
  perPage: number;
  sort: 'asc' | 'desc';
  sortColumn: string;
}

export async function listRegistrations(db: Db, v: Visibility, p: ListParams) {
  const search = p.q ? sql`r.search ilike ${likePattern(p.q.toLowerCase())}` : sql`true`;
  const base = sql`${visibleSql(v)} and ${search}`;
  const where = sql`${base} and ${FILTER_SQL[p.status]}`;
  const dir = sql.raw(p.sort === 'asc' ? 'asc' : 'desc');
  const order = SORT_SQL[p.sortColumn] ?? SORT_SQL.createdAt!;
  const list = await rows<Row>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${where}
      order by ${order} ${dir} nulls last, r.id ${dir} limit ${p.perPage} offset ${(p.page - 1) * p.perPage}`,
  );
  const counts = await firstRow<Row>(
    db,
    sql`select count(*) filter (where ${FILTER_SQL[p.status]})::int as filtered, count(*)::int as total,
      count(*) filter (where ${FILTER_SQL.submitted})::int as submitted,
      count(*) filter (where ${FILTER_SQL.pending})::int as pending,
      count(*) filter (where ${FILTER_SQL.approved})::int as approved,
      count(*) filter (where ${FILTER_SQL.rejected})::int as rejected
      from team_registrations r where ${base}`,
  );
  const summary: RegistrationSummary = {
    total: Number(counts?.total ?? 0),
    submitted: Number(counts?.submitted ?? 0),
    pending: Number(counts?.pending ?? 0),
    approved: Number(counts?.approved ?? 0),
    rejected: Number(counts?.rejected ?? 0),
  };
  const now = Date.now();
  return { rows: list.map((r) => toItem(r, now)), total: Number(counts?.filtered ?? 0), summary };
}

/** Every record the caller may see, newest first, at most 500. */
export async function allRegistrations(db: Db, v: Visibility) {
  const list = await rows<Row>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${visibleSql(v)} order by r.created_at desc, r.id desc limit 500`,
  );
  const now = Date.now();
  return list.map((r) => toItem(r, now));
}

export async function registrationDetail(db: Queryable, id: number, v: Visibility = null) {
  const r = await firstRow<Row>(db, sql`select ${COLUMNS} ${FROM} where r.id = ${id} and ${visibleSql(v)}`);
  return r ? toDetail(r) : null;
}

/** The record's own row (the approval locks it with `forUpdate`). */
export interface RecordRow {
  id: number;
  registrantUserId: number;
  existingTeamId: number | null;
  step: number;
  answers: RegistrationAnswers;
  language: 'en' | 'es';
  submittedAt: Date | null;
  decision: string;
  salesUserId: number | null;
  createdTeamId: number | null;
}

export async function recordRow(db: Queryable, where: SQL, forUpdate = false): Promise<RecordRow | null> {
  const r = await firstRow<Row>(
    db,
    sql`select id, registrant_user_id, existing_team_id, step, answers, language, submitted_at, decision,
      sales_user_id, created_team_id from team_registrations where ${where} ${sql.raw(forUpdate ? 'for update' : '')}`,
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    registrantUserId: Number(r.registrant_user_id),
    existingTeamId: num(r.existing_team_id),
    step: Number(r.step),
    answers: (r.answers ?? {}) as RegistrationAnswers,
    language: r.language === 'es' ? 'es' : 'en',
    submittedAt: r.submitted_at == null ? null : new Date(iso(r.submitted_at)!),
    decision: String(r.decision),
    salesUserId: num(r.sales_user_id),
    createdTeamId: num(r.created_team_id),
  };
}

/** Recomputes the lower-cased text the staff list searches (team, organization, registrant). */
export async function refreshSearch(db: Db | Tx, id: number) {
  await db.execute(sql`update team_registrations r set search = lower(concat_ws(' ',
      r.answers #>> '{team,name}', r.answers #>> '{organization,name}', r.answers #>> '{organization,slug}',
      r.answers #>> '{team,slug}', eo.name, et.name, u.first_name, u.last_name, u.email))
    from users u, team_registrations r2
      left join organizations et on et.id = r2.existing_team_id
      left join organizations eo on eo.id = coalesce((r2.answers #>> '{organization,organizationId}')::int, et.parent_id)
    where r.id = ${id} and r2.id = r.id and u.id = r.registrant_user_id`);
}
