/**
 * Affiliates (issue 16, decision 018): the list (and its CSV), one affiliate's detail, creating one
 * (Super Admin), the profile and payout changes (the affiliate themselves or Super Admin; status is
 * Super Admin's only) and the photo. Every access decision is affiliates.access.ts's.
 */
import type { AffiliateDetail, AffiliateListItem, CreateAffiliateBody, UpdateAffiliateBody } from '@fc/contracts';
import { affiliateOffers, affiliates } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { csvCell } from '../../lib/csv.js';
import { AppError, conflict } from '../../lib/errors.js';
import { replaceImage } from '../../lib/images.js';
import type { Principal } from '../../types.js';
import {
  affiliateScope,
  assertCanReadAffiliate,
  assertCanUpdateAffiliate,
  assertManagesAffiliates,
} from './affiliates.access.js';
import * as repo from './affiliates.repository.js';
import { balancesOf } from './balances.repository.js';
import { issueInvitation } from './invitations.service.js';
import { offerableProgram, programsWhere } from './programs.service.js';

const hidden = () => new AppError(404, 'AFFILIATE_NOT_FOUND', 'This affiliate was not found.');
const slugTaken = () =>
  conflict('AFFILIATE_SLUG_TAKEN', 'This web address is already in use. Choose another one.', [
    { path: 'body.slug', message: 'Already in use' },
  ]);
const emailTaken = () =>
  conflict('AFFILIATE_EMAIL_TAKEN', 'An affiliate with this e-mail address already exists.', [
    { path: 'body.email', message: 'Already an affiliate' },
  ]);

const uniqueViolation = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === '23505' ? String(e.constraint ?? e.cause?.constraint ?? '') : null;
};

export async function list(app: FastifyInstance, p: Principal, q: repo.ListParams) {
  return repo.listAffiliates(app.db, await affiliateScope(app, p), q);
}

export const CSV_BATCH = 500;
const csvLine = (r: Record<string, unknown>) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(',');

/**
 * `format=csv`: every matching row in the list's order, streamed: a header, then one chunk per
 * page of CSV_BATCH read only as the client asks for more. Formula cells escaped (lib/csv.ts).
 */
export async function* csvChunks(app: FastifyInstance, p: Principal, q: repo.ListParams): AsyncGenerator<string> {
  const scope = await affiliateScope(app, p);
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for (let page = 1; ; page++) {
    const { rows } = await repo.listAffiliates(app.db, scope, { ...q, page, perPage: CSV_BATCH });
    if (rows.length) yield rows.map((r) => `${csvLine(csvRow(r))}\r\n`).join('');
    if (rows.length < CSV_BATCH) return;
  }
}

export const CSV_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'slug',
  'status',
  'programs',
  'organizations',
  'conversions',
  'earned',
  'created',
] as const;

export const csvRow = (r: AffiliateListItem) => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  slug: r.slug,
  status: r.status,
  programs: r.programs.join('; '),
  organizations: r.organizationCount,
  conversions: r.conversions,
  earned: (r.earnedCents / 100).toFixed(2),
  created: r.createdAt,
});

export async function detail(app: FastifyInstance, p: Principal, id: number): Promise<AffiliateDetail> {
  const scope = await assertCanReadAffiliate(app, p, id);
  const item = await repo.listItemById(app.db, scope, id);
  if (!item) throw hidden();
  const { raw, ...base } = item;
  // Organization staff see the affiliate on their organizations, not their money or other clients.
  const orgView = scope.kind === 'organizations';
  const [offers, programsDetail, organizations, balances, payoutRequests, invitation] = await Promise.all([
    repo.offersOf(app.db, id),
    programsWhere(
      app.db,
      sql`exists (select 1 from affiliate_offers o where o.program_id = p.id and o.affiliate_id = ${id} and o.status = 'accepted')`,
    ),
    repo.organizationsOf(app.db, id),
    balancesOf(app.db, [id]),
    orgView ? Promise.resolve([]) : repo.payoutRequestsOf(app.db, id),
    repo.lastInvitationOf(app.db, id),
  ]);
  const inScope = (orgId: number) => scope.kind !== 'organizations' || scope.organizationIds.includes(orgId);
  const zero = {
    pendingCents: 0,
    approvedCents: 0,
    paidCents: 0,
    clawbackCents: 0,
    payableCents: 0,
    minPayoutCents: 0,
  };
  return {
    ...base,
    phone: (raw.phone as string | null) ?? null,
    website: (raw.website as string | null) ?? null,
    bio: (raw.bio as string | null) ?? null,
    language: raw.language === 'es' ? 'es' : 'en',
    payoutMethod: orgView ? null : ((raw.payout_method as AffiliateDetail['payoutMethod']) ?? null),
    payoutTo: orgView ? null : ((raw.payout_to as string | null) ?? null),
    userId: raw.user_id == null ? null : Number(raw.user_id),
    publicPath: `/affiliate/${base.slug}`,
    offers,
    programsDetail,
    organizations: organizations.filter((o) => inScope(o.organizationId)),
    balances: orgView ? zero : (balances.get(id) ?? zero),
    payoutRequests,
    invitation,
    updatedAt: new Date(
      String(raw.updated_at instanceof Date ? raw.updated_at.toISOString() : raw.updated_at),
    ).toISOString(),
  };
}

type CreateBody = Omit<CreateAffiliateBody, 'language' | 'invite'> & { language: 'en' | 'es'; invite: boolean };

/** Super Admin: a new `invited` affiliate; `programId` makes an offer; `invite` e-mails the link. */
export async function create(app: FastifyInstance, p: Principal, body: CreateBody): Promise<AffiliateDetail> {
  assertManagesAffiliates(p);
  const email = body.email.toLowerCase();
  if (body.programId !== undefined) await offerableProgram(app.db, body.programId);
  const [byEmail] = await app.db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.email, email));
  if (byEmail) throw emailTaken();
  const [bySlug] = await app.db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.slug, body.slug));
  if (bySlug) throw slugTaken();
  let mailIds: number[] = [];
  let id: number;
  try {
    ({ id, mailIds } = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(affiliates)
        .values({
          firstName: body.firstName,
          lastName: body.lastName,
          email,
          phone: body.phone ?? null,
          slug: body.slug,
          website: body.website ?? null,
          bio: body.bio ?? null,
          language: body.language,
          status: 'invited',
          createdByUserId: p.user.id,
        })
        .returning({ id: affiliates.id });
      const newId = row!.id;
      await repo.refreshSearch(tx, newId);
      let offerId: number | null = null;
      if (body.programId !== undefined) {
        const [offer] = await tx
          .insert(affiliateOffers)
          .values({ affiliateId: newId, programId: body.programId, offeredByUserId: p.user.id })
          .returning({ id: affiliateOffers.id });
        offerId = offer!.id;
      }
      const ids = body.invite ? [await issueInvitation(app, tx, newId, offerId, p.user.id)] : [];
      return { id: newId, mailIds: ids };
    }));
  } catch (err) {
    const c = uniqueViolation(err);
    if (c?.includes('email')) throw emailTaken();
    if (c?.includes('slug')) throw slugTaken();
    throw err;
  }
  if (mailIds.length) app.background.run('affiliate-invitation', () => app.mail.deliver(mailIds));
  app.log.info({ affiliateId: id, by: p.user.id }, 'affiliate created');
  return detail(app, p, id);
}

/** The affiliate or Super Admin: profile and payout; status is Super Admin's only. */
export async function update(app: FastifyInstance, p: Principal, body: UpdateAffiliateBody): Promise<AffiliateDetail> {
  const scope = await assertCanUpdateAffiliate(app, p, body.id);
  if (body.status !== undefined && scope.kind !== 'manage')
    throw new AppError(403, 'AFFILIATE_STATUS_STAFF_ONLY', 'Only a platform administrator can change the status.', [
      { path: 'body.status', message: 'Staff only' },
    ]);
  const [cur] = await app.db.select().from(affiliates).where(eq(affiliates.id, body.id));
  if (!cur) throw hidden();
  if (body.slug !== undefined && body.slug !== cur.slug) {
    const [other] = await app.db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.slug, body.slug));
    if (other) throw slugTaken();
  }
  const set: Partial<typeof affiliates.$inferInsert> = { updatedAt: new Date() };
  if (body.firstName !== undefined) set.firstName = body.firstName;
  if (body.lastName !== undefined) set.lastName = body.lastName;
  if (body.phone !== undefined) set.phone = body.phone || null;
  if (body.slug !== undefined) set.slug = body.slug;
  if (body.website !== undefined) set.website = body.website || null;
  if (body.bio !== undefined) set.bio = body.bio || null;
  if (body.language !== undefined) set.language = body.language;
  if (body.payoutMethod !== undefined) set.payoutMethod = body.payoutMethod;
  if (body.payoutTo !== undefined) set.payoutTo = body.payoutTo || null;
  if (body.status !== undefined) set.status = body.status;
  try {
    await app.db.transaction(async (tx) => {
      await tx.update(affiliates).set(set).where(eq(affiliates.id, body.id));
      await repo.refreshSearch(tx, body.id);
    });
  } catch (err) {
    if (uniqueViolation(err)?.includes('slug')) throw slugTaken();
    throw err;
  }
  app.log.info({ affiliateId: body.id, by: p.user.id }, 'affiliate updated');
  return detail(app, p, body.id);
}

/** Super Admin or the affiliate: the photo (the image pipeline of every other avatar). */
export async function setAvatar(app: FastifyInstance, p: Principal, id: number, store: () => Promise<string>) {
  await assertCanUpdateAffiliate(app, p, id);
  return replaceImage(app, 'affiliate', id, await store());
}
