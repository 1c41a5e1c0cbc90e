/** Opportunities, the staff's calls (decision 019): create, edit, list, delete, image. */
import type { opportunityBodySchema, opportunityUpdateBodySchema } from '@fc/contracts';
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, conflict } from '../../lib/errors.js';
import { discardImages, storeUploadedImage } from '../../lib/images.js';
import type { Principal } from '../../types.js';
import { lockOpportunity, unitsTaken } from './inventory.repository.js';
import { opportunitiesOf, opportunityById, slugTaken } from './opportunities.repository.js';
import { assertOnOpportunity, resolveOwner } from './sponsorships.access.js';

type Body = z.output<typeof opportunityBodySchema>;
type UpdateBody = z.output<typeof opportunityUpdateBodySchema>;

const slugConflict = () =>
  conflict('SLUG_TAKEN', 'This web address is already in use by another sponsorship. Choose another one.', [
    { path: 'body.slug', message: 'Already in use' },
  ]);
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (e as { cause?: { code?: string } })?.cause?.code === '23505';

export async function list(app: FastifyInstance, p: Principal, q: { organizationId?: number; campaignId?: number }) {
  return opportunitiesOf(app.db, await resolveOwner(app, p, q, 'read'));
}

export async function get(app: FastifyInstance, p: Principal, id: number) {
  await assertOnOpportunity(app, p, id, 'read');
  return (await opportunityById(app.db, id))!;
}

export async function create(app: FastifyInstance, p: Principal, b: Body) {
  const owner = await resolveOwner(app, p, b, 'manage');
  if (await slugTaken(app.db, b.slug)) throw slugConflict();
  let id: number;
  try {
    const row = await firstRow<{ id: number }>(
      app.db,
      sql`insert into sponsorship_opportunities (organization_id, campaign_id, slug, name, description, price_cents,
          quantity, benefits, fair_market_value_cents, tier, sort_order, starts_on, ends_on, status, created_by_user_id)
        values (${owner.organizationId}, ${owner.campaignId}, ${b.slug}, ${b.name}, ${b.description ?? null},
          ${b.priceCents}, ${b.quantity}, ${JSON.stringify(b.benefits)}::jsonb, ${b.fairMarketValueCents}, ${b.tier},
          ${b.sortOrder}, ${b.startsOn ?? null}, ${b.endsOn ?? null}, ${b.status}, ${p.user.id})
        returning id`,
    );
    id = row!.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw slugConflict();
    throw e;
  }
  return (await opportunityById(app.db, id))!;
}

const COLUMNS: Record<keyof UpdateBody, string> = {
  slug: 'slug',
  name: 'name',
  description: 'description',
  priceCents: 'price_cents',
  quantity: 'quantity',
  benefits: 'benefits',
  fairMarketValueCents: 'fair_market_value_cents',
  tier: 'tier',
  sortOrder: 'sort_order',
  startsOn: 'starts_on',
  endsOn: 'ends_on',
  status: 'status',
};

export async function update(app: FastifyInstance, p: Principal, id: number, b: UpdateBody) {
  await assertOnOpportunity(app, p, id, 'manage');
  if (b.slug !== undefined && (await slugTaken(app.db, b.slug, id))) throw slugConflict();
  try {
    await app.db.transaction(async (tx) => {
      const o = (await lockOpportunity(tx, id))!;
      const price = b.priceCents ?? o.price_cents;
      const fmv = b.fairMarketValueCents ?? o.fair_market_value_cents;
      if (fmv > price)
        throw badRequest('VALIDATION', 'The fair-market value cannot be more than the price.', [
          { path: 'body.fairMarketValueCents', message: 'More than the price' },
        ]);
      const starts = b.startsOn === undefined ? o.starts_on : b.startsOn;
      const ends = b.endsOn === undefined ? o.ends_on : b.endsOn;
      if (starts && ends && ends < starts)
        throw badRequest('VALIDATION', 'The end date must be on or after the start date.', [
          { path: 'body.endsOn', message: 'Before the start date' },
        ]);
      if (b.quantity !== undefined && b.quantity !== null) {
        const taken = await unitsTaken(tx, id);
        if (b.quantity < taken)
          throw conflict('QUANTITY_BELOW_TAKEN', `${taken} units are sold or held: the quantity cannot be lower.`, [
            { path: 'body.quantity', message: `At least ${taken}` },
          ]);
      }
      const sets = (Object.keys(COLUMNS) as (keyof UpdateBody)[])
        .filter((k) => b[k] !== undefined)
        .map((k) =>
          k === 'benefits'
            ? sql`benefits = ${JSON.stringify(b.benefits)}::jsonb`
            : sql`${sql.identifier(COLUMNS[k])} = ${b[k] as string | number | null}`,
        );
      sets.push(sql`updated_at = now()`);
      await tx.execute(sql`update sponsorship_opportunities set ${sql.join(sets, sql`, `)} where id = ${id}`);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw slugConflict();
    throw e;
  }
  return (await opportunityById(app.db, id))!;
}

/** Only while no sponsorship row ever existed (else it is archived: its sales stay on record). */
export async function remove(app: FastifyInstance, p: Principal, id: number) {
  await assertOnOpportunity(app, p, id, 'manage');
  const image = await app.db.transaction(async (tx) => {
    const o = await firstRow<{ image_url: string | null }>(
      tx,
      sql`select image_url from sponsorship_opportunities where id = ${id} for update`,
    );
    const used = await firstRow<{ n: number }>(
      tx,
      sql`select count(*)::int as n from sponsorships where opportunity_id = ${id}`,
    );
    if ((used?.n ?? 0) > 0)
      throw conflict(
        'OPPORTUNITY_IN_USE',
        'This sponsorship has been bought or held: archive it instead (set its status to archived).',
        [{ path: 'params.id', message: 'Has sponsorships; archive it' }],
      );
    await tx.execute(sql`delete from sponsorship_opportunities where id = ${id}`);
    return o?.image_url ?? null;
  });
  await discardImages(app, [image]);
}

/** The opportunity's image: kept whole (fit inside), the old file deleted after the commit. */
export async function setImage(app: FastifyInstance, p: Principal, id: number, req: FastifyRequest) {
  await assertOnOpportunity(app, p, id, 'manage');
  const url = await storeUploadedImage(req, app.files, 'sponsorships', `so${id}`, 'inside');
  let old: string | null | undefined;
  try {
    const row = await firstRow<{ url: string | null }>(
      app.db,
      sql`with old as (select id, image_url as url from sponsorship_opportunities where id = ${id} for update)
        update sponsorship_opportunities t set image_url = ${url}, updated_at = now() from old where t.id = old.id
        returning old.url`,
    );
    old = row ? row.url : undefined;
  } catch (err) {
    await discardImages(app, [url]);
    throw err;
  }
  if (old === undefined) {
    await discardImages(app, [url]);
    throw conflict('OPPORTUNITY_GONE', 'This sponsorship opportunity was deleted.');
  }
  if (old !== url) await discardImages(app, [old]);
  return (await opportunityById(app.db, id))!;
}
