/**
 * The demo affiliate's money (issue 16): clicks on Ava Abbott's links over the last four weeks on
 * a few landing pages, gifts through her link made with the real checkout (the winning click is
 * stored, the completion credits her), the gifts to Riverside (the organization she brought)
 * credited by the same completion path, and the states moved on the way the product moves them:
 * the approval job for commissions that are due (the demo's oldest ones are dated back), and one
 * payment recorded by the platform administrator. The refunded demo gift's commission is voided by
 * its refund event. Runs after seedDemoGifts; nothing happens when Ava already has clicks.
 */
import { SANDBOX_CARDS } from '@fc/contracts';
import { firstRow, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { days } from '../../lib/time.js';
import type { Principal } from '../../types.js';
import { payDemoCommissions, runAffiliateJobs } from '../affiliates/hooks.js';
import { confirmWithCard } from '../donations/cart.service.js';
import { createDonation } from '../donations/checkout.service.js';

const PATHS = ['/affiliate/ava-abbott', '/campaigns/rockets-spring-drive', '/riverside'];
/** Donors who came through Ava's link: [first, last, email, dollars, clicked days ago]. */
const LINK_DONORS: [string, string, string, number, number][] = [
  ['Rosa', 'Lane', 'rosa.lane@demo.test', 40, 26],
  ['Sam', 'Ortiz', 'sam.ortiz@demo.test', 80, 18],
  ['Tara', 'Quinn', 'tara.quinn@demo.test', 120, 9],
  ['Uma', 'Reyes', 'uma.reyes@demo.test', 250, 3],
];

/** A deterministic visitor id shaped like the ones the public pages mint (base64url). */
const visitorId = (i: number) => `demoVisitor${String(i).padStart(6, '0')}Ava`;

export async function seedDemoConversions(app: FastifyInstance): Promise<number> {
  const db = app.db;
  const ava = await firstRow<{ id: number }>(
    db,
    sql`select id from affiliates where slug = 'ava-abbott' and status = 'active'`,
  );
  if (!ava) return 0;
  const clicked = await firstRow(db, sql`select 1 as one from affiliate_clicks where affiliate_id = ${ava.id} limit 1`);
  if (clicked) return 0;
  const drive = await firstRow<{ id: number }>(db, sql`select id from campaigns where slug = 'rockets-spring-drive'`);
  if (!drive) return 0;

  // Clicks: about one or two a day over four weeks, on three pages; some without the cookie.
  for (let i = 0; i < 40; i++) {
    const at = new Date(Date.now() - days(27 - (i * 27) / 40) - (i % 5) * 3_600_000);
    const visitor = i % 7 === 3 ? null : visitorId(i);
    await db.execute(sql`insert into affiliate_clicks (affiliate_id, visitor_id, landing_path, created_at)
      values (${ava.id}, ${visitor}, ${PATHS[i % PATHS.length]!}, ${at})`);
  }
  // Gifts through her link: each donor clicked, then gave through the real checkout.
  const card = {
    cardNumber: SANDBOX_CARDS.success,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 5,
    cvc: '123',
  };
  for (const [n, [firstName, lastName, email, dollars, ago]] of LINK_DONORS.entries()) {
    const visitor = visitorId(1000 + n);
    await db.execute(sql`insert into affiliate_clicks (affiliate_id, visitor_id, landing_path, created_at)
      values (${ava.id}, ${visitor}, ${PATHS[1]!}, ${new Date(Date.now() - days(ago) - 600_000)})`);
    const checkout = await createDonation(
      app,
      {
        campaign: 'rockets-spring-drive',
        amountCents: dollars * 100,
        coverFee: false,
        firstName,
        lastName,
        email,
        anonymous: false,
        language: 'en',
      },
      null,
      visitor,
    );
    await confirmWithCard(app, checkout.donationId, card);
    // The demo's gift happened when the donor clicked (dated like seedDemoGifts dates its gifts).
    const at = new Date(Date.now() - days(ago));
    await db.execute(
      sql`update donations set created_at = ${at}, completed_at = ${at} where public_id = ${checkout.donationId}`,
    );
  }
  // Every demo conversion is dated with its gift, and due 30 days later (the program's due days).
  await db.execute(sql`update affiliate_conversions c set created_at = d.completed_at, qualified_at = d.completed_at,
      due_at = d.completed_at + interval '30 days', updated_at = d.completed_at
    from donations d where d.id = c.donation_id and c.affiliate_id = ${ava.id} and d.completed_at is not null`);
  // The three oldest live commissions date from before the drive (five weeks ago): due, so approved.
  await db.execute(sql`update affiliate_conversions set created_at = created_at - interval '15 days',
      qualified_at = qualified_at - interval '15 days', due_at = due_at - interval '15 days'
    where id in (select id from affiliate_conversions where affiliate_id = ${ava.id} and status = 'pending'
      order by created_at limit 3)`);
  await runAffiliateJobs(app, new Date());
  // The oldest approved one was paid by PayPal.
  const oldest = await rows<{ id: number }>(
    db,
    sql`select id from affiliate_conversions where affiliate_id = ${ava.id} and status = 'approved' order by created_at limit 1`,
  );
  const admin = await firstRow<{ id: number }>(db, sql`select id from users where email = 'super@demo.test'`);
  if (oldest[0] && admin)
    await payDemoCommissions(app, { role: 'super_admin', user: { id: admin.id } } as Principal, ava.id, {
      reference: 'PAYPAL-DEMO-0001',
      conversionIds: [oldest[0].id],
    });
  return LINK_DONORS.length;
}
