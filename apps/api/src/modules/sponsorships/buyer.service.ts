/**
 * The buyer after paying (decision 019 "Logos and display"): their sponsorship named by its
 * payment's unguessable public id (the cart's and thank-you page's trust model), its display name
 * and website, and its logo (kept whole, then `submitted` for approval). Only a paid unit takes
 * details or a logo (409 otherwise).
 */
import {
  type BuyerSponsorship,
  DONATION_STATUS,
  deductibleCents,
  type LogoStatus,
  type SponsorshipStatus,
  type sponsorDetailsBodySchema,
} from '@fc/contracts';
import { rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.js';
import { discardImages, storeUploadedImage } from '../../lib/images.js';
import { publicDonation } from '../donations/cart.service.js';
import { opportunityById } from './public.service.js';
import { type BuyerRow, buyerSponsorship } from './purchase.repository.js';

const unknown = () => notFound('This sponsorship does not exist.', 'SPONSORSHIP_NOT_FOUND');
const notPaid = (status: string) =>
  conflict(
    'SPONSORSHIP_NOT_PAID',
    status === 'held'
      ? 'Your payment has not completed yet. Add your details once it has.'
      : 'Only a paid sponsorship takes a name, website and logo.',
  );

async function shaped(app: FastifyInstance, s: BuyerRow): Promise<BuyerSponsorship> {
  const opportunity = await opportunityById(app.db, s.opportunity_id);
  if (!opportunity) throw unknown();
  const receipt = s.d_status === DONATION_STATUS.completed || s.d_status === DONATION_STATUS.refunded;
  return {
    status: s.status as SponsorshipStatus,
    opportunity,
    priceCents: s.price_cents,
    deductibleCents: deductibleCents(s.price_cents, s.fair_market_value_cents),
    receiptNumber: receipt ? s.receipt_number : null,
    businessName: s.business_name,
    displayName: s.display_name,
    website: s.website,
    logoUrl: s.logo_url,
    logoStatus: s.logo_status as LogoStatus,
    logoRejectReason: s.logo_reject_reason,
  };
}

/** `GET /public/sponsorships/{id}`: a pending payment is checked with the processor first (as the thank-you page). */
export async function getBuyerSponsorship(app: FastifyInstance, publicId: string): Promise<BuyerSponsorship> {
  let s = await buyerSponsorship(app.db, publicId);
  if (!s) throw unknown();
  if (s.d_status === DONATION_STATUS.pending) {
    await publicDonation(app, publicId);
    s = (await buyerSponsorship(app.db, publicId)) ?? s;
  }
  return shaped(app, s);
}

/** `PUT /public/sponsorships/{id}`: display name and website (an absent website is kept; null clears it). */
export async function updateBuyerDetails(
  app: FastifyInstance,
  publicId: string,
  body: z.output<typeof sponsorDetailsBodySchema>,
): Promise<BuyerSponsorship> {
  const s = await app.db.transaction(async (tx) => {
    const row = await buyerSponsorship(tx, publicId, true);
    if (!row) throw unknown();
    if (row.status !== 'paid') throw notPaid(row.status);
    await tx.execute(sql`update sponsorships set display_name = ${body.displayName},
        website = ${body.website === undefined ? sql`website` : body.website}, updated_at = now()
      where id = ${row.id}`);
    return buyerSponsorship(tx, publicId);
  });
  return shaped(app, s!);
}

/**
 * `POST /public/sponsorships/{id}/logo`: the image pipeline (checked, re-encoded without metadata),
 * then `submitted` for approval; the old file is deleted after the commit, the new one if the
 * change could not be made.
 */
export async function uploadBuyerLogo(app: FastifyInstance, req: FastifyRequest, publicId: string) {
  const before = await buyerSponsorship(app.db, publicId);
  if (!before) throw unknown();
  if (before.status !== 'paid') throw notPaid(before.status);
  const url = await storeUploadedImage(req, app.files, 'sponsorships', `sp${before.id}`, 'inside');
  let old: string | null;
  try {
    old = await app.db.transaction(async (tx) => {
      const row = await buyerSponsorship(tx, publicId, true);
      if (!row) throw unknown();
      if (row.status !== 'paid') throw notPaid(row.status);
      await rows(
        tx,
        sql`update sponsorships set logo_url = ${url}, logo_status = 'submitted', logo_reject_reason = null,
          logo_decided_by_user_id = null, logo_decided_at = null, updated_at = now() where id = ${row.id} returning id`,
      );
      return row.logo_url;
    });
  } catch (err) {
    await discardImages(app, [url]);
    throw err;
  }
  if (old && old !== url) await discardImages(app, [old]);
  return shaped(app, (await buyerSponsorship(app.db, publicId))!);
}
