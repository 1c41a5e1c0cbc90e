/**
 * Affiliate programs (decision 018): the commission terms Super Admin defines. Every version of the
 * terms text is kept (`affiliate_program_terms`): the first on create, a new one (version + 1)
 * whenever an update changes the text, so an offer accepted under an older version stays readable.
 */
import type { Program, ProgramBody } from '@fc/contracts';
import { affiliatePrograms, affiliateProgramTerms, type Queryable, rows } from '@fc/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { affiliateScope, assertManagesAffiliates } from './affiliates.access.js';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

export const PROGRAM_COLUMNS = sql.raw(`p.id, p.name, p.description, p.gift_share_bps, p.team_flat_cents,
  p.team_qualify_cents, p.window_days, p.attribution, p.min_payout_cents, p.due_days, p.terms_version, p.terms,
  p.active, p.created_at, p.updated_at,
  (select count(*) from affiliate_offers o where o.program_id = p.id and o.status <> 'withdrawn') as offer_count`);

export function toProgram(r: Row): Program {
  return {
    id: Number(r.id),
    name: String(r.name),
    description: (r.description as string | null) ?? null,
    giftShareBps: Number(r.gift_share_bps),
    teamFlatCents: Number(r.team_flat_cents),
    teamQualifyCents: Number(r.team_qualify_cents),
    windowDays: Number(r.window_days),
    attribution: r.attribution as Program['attribution'],
    minPayoutCents: Number(r.min_payout_cents),
    dueDays: Number(r.due_days),
    termsVersion: Number(r.terms_version),
    terms: String(r.terms),
    active: Boolean(r.active),
    offerCount: Number(r.offer_count ?? 0),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function programsWhere(db: Queryable, where: SQL): Promise<Program[]> {
  const found = await rows<Row>(
    db,
    sql`select ${PROGRAM_COLUMNS} from affiliate_programs p where ${where} order by p.name, p.id`,
  );
  return found.map(toProgram);
}

const programMissing = () => new AppError(404, 'AFFILIATE_PROGRAM_NOT_FOUND', 'This program was not found.');

export async function programById(db: Queryable, id: number): Promise<Program> {
  const [p] = await programsWhere(db, sql`p.id = ${id}`);
  if (!p) throw programMissing();
  return p;
}

/** A program that may be offered now: it exists and is active (an inactive one is a 409 naming `programId`). */
export async function offerableProgram(db: Queryable, id: number): Promise<Program> {
  const p = await programById(db, id);
  if (!p.active)
    throw conflict('AFFILIATE_PROGRAM_INACTIVE', 'This program is not active: make it active before offering it.', [
      { path: 'body.programId', message: 'Inactive program' },
    ]);
  return p;
}

/** Staff: every program; an affiliate: the programs offered to them (not withdrawn); others 403. */
export async function listPrograms(app: FastifyInstance, p: Principal): Promise<Program[]> {
  const scope = await affiliateScope(app, p);
  if (scope.kind === 'manage' || scope.kind === 'readAll') return programsWhere(app.db, sql`true`);
  if (scope.kind === 'own') {
    if (scope.affiliateId == null) return [];
    return programsWhere(
      app.db,
      sql`exists (select 1 from affiliate_offers o where o.program_id = p.id and o.affiliate_id = ${scope.affiliateId}
        and o.status <> 'withdrawn')`,
    );
  }
  throw forbidden('Only platform staff and affiliates can see affiliate programs.');
}

type Body = Required<Omit<ProgramBody, 'description'>> & { description?: string | null | undefined };

const values = (b: Body) => ({
  name: b.name,
  description: b.description ?? null,
  giftShareBps: b.giftShareBps,
  teamFlatCents: b.teamFlatCents,
  teamQualifyCents: b.teamQualifyCents,
  windowDays: b.windowDays,
  attribution: b.attribution,
  minPayoutCents: b.minPayoutCents,
  dueDays: b.dueDays,
  terms: b.terms,
  active: b.active,
});

export async function createProgram(app: FastifyInstance, p: Principal, body: Body): Promise<Program> {
  assertManagesAffiliates(p);
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(affiliatePrograms)
      .values({ ...values(body), termsVersion: 1 })
      .returning({ id: affiliatePrograms.id });
    await tx.insert(affiliateProgramTerms).values({ programId: row!.id, version: 1, terms: body.terms });
    return row!.id;
  });
  app.log.info({ programId: id, by: p.user.id }, 'affiliate program created');
  return programById(app.db, id);
}

/** A changed terms text is a new version (kept); the other fields change in place. */
export async function updateProgram(app: FastifyInstance, p: Principal, id: number, body: Body): Promise<Program> {
  assertManagesAffiliates(p);
  await app.db.transaction(async (tx) => {
    const [cur] = await tx
      .select({ terms: affiliatePrograms.terms, version: affiliatePrograms.termsVersion })
      .from(affiliatePrograms)
      .where(eq(affiliatePrograms.id, id))
      .for('update');
    if (!cur) throw programMissing();
    const changed = cur.terms !== body.terms;
    const version = changed ? cur.version + 1 : cur.version;
    await tx
      .update(affiliatePrograms)
      .set({ ...values(body), termsVersion: version, updatedAt: new Date() })
      .where(eq(affiliatePrograms.id, id));
    if (changed) await tx.insert(affiliateProgramTerms).values({ programId: id, version, terms: body.terms });
  });
  app.log.info({ programId: id, by: p.user.id }, 'affiliate program updated');
  return programById(app.db, id);
}
