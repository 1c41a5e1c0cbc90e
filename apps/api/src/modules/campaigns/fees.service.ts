/**
 * Fee requests (DECISIONS §5): amounts a campaign asks each family to pay, edited by whoever may
 * edit the campaign, and read publicly by id on the pay-fees page once the campaign is live.
 */
import { feeRequests, rows } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import * as repo from './campaigns.repository.js';
import { campaignFor } from './campaigns.service.js';

type FeeFields = { label?: string | undefined; amountCents?: number | undefined; dueDate?: string | null | undefined };

const FEE_NOT_FOUND = 'This fee request was not found or is outside your access.';

async function feeById(app: FastifyInstance, id: number) {
  const [r] = await rows(
    app.db,
    sql`select id, campaign_id, label, amount_cents, due_date::text as due_date from fee_requests where id = ${id}`,
  );
  return r ? repo.toFeeRequest(r) : null;
}

/** The fee request and its campaign, when the caller may edit the campaign (404 / 403 otherwise). */
async function feeForChange(app: FastifyInstance, p: Principal, id: number) {
  const fee = await feeById(app, id);
  if (!fee) throw notFound(FEE_NOT_FOUND);
  try {
    await campaignFor(app, p, fee.campaignId, 'update');
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw notFound(FEE_NOT_FOUND);
    throw err;
  }
  return fee;
}

export async function create(
  app: FastifyInstance,
  p: Principal,
  body: { campaignId: number; label: string; amountCents: number; dueDate?: string | null | undefined },
) {
  await campaignFor(app, p, body.campaignId, 'update');
  const [row] = await app.db
    .insert(feeRequests)
    .values({
      campaignId: body.campaignId,
      label: body.label,
      amountCents: body.amountCents,
      dueDate: body.dueDate ?? null,
    })
    .returning({ id: feeRequests.id });
  return (await feeById(app, row!.id))!;
}

export async function update(app: FastifyInstance, p: Principal, id: number, body: FeeFields) {
  await feeForChange(app, p, id);
  const set: Partial<typeof feeRequests.$inferInsert> = {};
  if (body.label !== undefined) set.label = body.label;
  if (body.amountCents !== undefined) set.amountCents = body.amountCents;
  if (body.dueDate !== undefined) set.dueDate = body.dueDate;
  if (Object.keys(set).length) await app.db.update(feeRequests).set(set).where(eq(feeRequests.id, id));
  return (await feeById(app, id))!;
}

export async function remove(app: FastifyInstance, p: Principal, id: number) {
  const fee = await feeForChange(app, p, id);
  await app.db.delete(feeRequests).where(eq(feeRequests.id, id));
  return `${fee.label} was removed.`;
}

/** `GET /fee_requests/{id}` (public): only for campaigns that are not drafts. */
export async function publicFee(app: FastifyInstance, id: number) {
  const [r] = await rows(
    app.db,
    sql`select f.id, f.campaign_id, f.label, f.amount_cents, f.due_date::text as due_date,
        c.title as campaign_title, c.slug as campaign_slug, o.name as organization_name
      from fee_requests f join campaigns c on c.id = f.campaign_id join organizations o on o.id = c.organization_id
      where f.id = ${id} and c.status <> 'draft'`,
  );
  if (!r) throw notFound('This fee request was not found.');
  return {
    ...repo.toFeeRequest(r),
    campaignTitle: String(r.campaign_title),
    campaignSlug: String(r.campaign_slug),
    organizationName: String(r.organization_name),
  };
}
