/** `POST /admin/donation_form` (spec §7 "Data entry"): a cash or check gift credited to a player (or the campaign). */
import { randomBytes } from 'node:crypto';
import type { offlineDonationBodySchema } from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { detail } from './detail.service.js';
import { canManageDonations } from './donations.access.js';
import { ACCOUNTS, book } from './ledger.js';
import { deliverReceipts, enqueueReceipt } from './receipts.js';
import { logEvent } from './state.js';
import { campaignOwner, fundraiserDivision, insertOffline, upsertDonor } from './writes.repository.js';

export async function recordOffline(app: FastifyInstance, p: Principal, b: z.output<typeof offlineDonationBodySchema>) {
  if (!canManageDonations(p)) throw forbidden('Only platform staff can record offline donations.');
  const c = await campaignOwner(app.db, b.campaignId);
  if (!c)
    throw badRequest('VALIDATION', 'Choose a campaign.', [{ path: 'body.campaignId', message: 'No such campaign' }]);
  let division: number | null = null;
  if (b.campaignFundraiserId !== undefined) {
    const cf = await fundraiserDivision(app.db, b.campaignFundraiserId, c.id);
    if (!cf)
      throw badRequest('VALIDATION', 'Choose a player on this campaign.', [
        { path: 'body.campaignFundraiserId', message: 'Not a player on this campaign' },
      ]);
    division = cf.division_id;
  }
  const donorId = await upsertDonor(app.db, b);
  const created = await app.db.transaction(async (tx) => {
    const newId = await insertOffline(tx, b, {
      publicId: randomBytes(16).toString('base64url'),
      organizationId: c.organization_id,
      divisionId: division,
      donorId,
      userId: p.user.id,
    });
    await book(tx, {
      key: `donation:${newId}:offline`,
      kind: 'offline',
      donationId: newId,
      organizationId: c.organization_id,
      entries: [
        { account: ACCOUNTS.donorFunds, organizationId: c.organization_id, amountCents: -b.amountCents },
        { account: ACCOUNTS.orgOffline, organizationId: c.organization_id, amountCents: b.amountCents },
      ],
    });
    await logEvent(tx, newId, 'recorded', `Offline ${b.offlineMethod} gift recorded.`, b.amountCents, p.user.id);
    // The receipt claimed above commits with the gift (the outbox), then is delivered.
    const receipt = b.sendReceipt ? await enqueueReceipt(app, tx, newId, p.user.id) : null;
    return { newId, receipt };
  });
  await deliverReceipts(app, [created.receipt]);
  return detail(app, p, created.newId);
}
