/**
 * Affiliates on the demo (issue 16): the "Community Partner" program, Ava Abbott (the demo
 * affiliate account) as an active affiliate who accepted it, and the Riverside organization
 * attached to her, so the affiliate screens have a real record for every role to look at
 * (Olivia, Riverside's Organization Admin, sees Ava). Demo content, in English like the rest.
 * Idempotent: nothing is written when the program is already there.
 */
import {
  affiliateOffers,
  affiliatePrograms,
  affiliateProgramTerms,
  affiliates,
  type Db,
  organizationAffiliates,
  users,
} from '@fc/db';
import { and, eq, isNull } from 'drizzle-orm';

export const DEMO_PROGRAM_NAME = 'Community Partner';

const TERMS = `Community Partner program terms

1. What you earn. For every gift made through your link (or to an organization you brought to FUNDRAISER CONSOLE), you earn 10% of the platform fee on the amount the donor kept (the gift less any refund). For every team you refer whose registration is approved, you earn $50 once the team has raised $1,000.

2. Which visit counts. A visit through your link is remembered for 30 days. When a visitor came through more than one affiliate's link, the last link they used before registering or giving wins.

3. When you are paid. A commission becomes payable 30 days after it is earned. You can ask for a payout once your payable balance is at least $25. We pay by check, bank transfer or PayPal, to the details in your profile.

4. Refunds. A refunded gift earns nothing; if its commission was already paid, the amount is taken off your next payment.

5. Fair play. You may not earn on your own gifts or your own team registrations, send unsolicited e-mail, or say that you speak for FUNDRAISER CONSOLE or for any organization. We may pause or end your participation if these terms are broken; commissions already earned in good faith are still paid.

6. Changes. We may change these terms; a new version is shown to you, and accepting it is needed before you accept a new offer.`;

/** Runs inside the demo seed's transaction; `organizationId` is the organization Ava brought. */
export async function seedDemoAffiliates(db: Db, organizationId: number) {
  const [exists] = await db
    .select({ id: affiliatePrograms.id })
    .from(affiliatePrograms)
    .where(eq(affiliatePrograms.name, DEMO_PROGRAM_NAME));
  if (exists) return;
  const [ava] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, 'affiliate@demo.test'), isNull(users.deletedAt)));
  const [super_] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, 'super@demo.test'), isNull(users.deletedAt)));
  if (!ava) return;
  const [program] = await db
    .insert(affiliatePrograms)
    .values({
      name: DEMO_PROGRAM_NAME,
      description: 'For coaches, league volunteers and community leaders who bring teams and donors.',
      giftShareBps: 1000,
      teamFlatCents: 5000,
      teamQualifyCents: 100_000,
      windowDays: 30,
      attribution: 'last_click',
      minPayoutCents: 2500,
      dueDays: 30,
      termsVersion: 1,
      terms: TERMS,
      active: true,
    })
    .returning({ id: affiliatePrograms.id });
  await db.insert(affiliateProgramTerms).values({ programId: program!.id, version: 1, terms: TERMS });
  const [affiliate] = await db
    .insert(affiliates)
    .values({
      userId: ava.id,
      firstName: ava.firstName,
      lastName: ava.lastName,
      email: ava.email,
      slug: 'ava-abbott',
      website: 'https://avaabbott.example.org',
      bio: 'Former high-school soccer coach who helps youth teams in the Riverside area raise money for travel, uniforms and field time.',
      status: 'active',
      payoutMethod: 'paypal',
      payoutTo: 'affiliate@demo.test',
      language: 'en',
      search: `${ava.firstName} ${ava.lastName} ${ava.email} ava-abbott https://avaabbott.example.org`.toLowerCase(),
      createdByUserId: super_?.id ?? null,
    })
    .returning({ id: affiliates.id });
  await db.insert(affiliateOffers).values({
    affiliateId: affiliate!.id,
    programId: program!.id,
    status: 'accepted',
    offeredByUserId: super_?.id ?? null,
    acceptedAt: new Date(),
    acceptedTermsVersion: 1,
    acceptedByUserId: ava.id,
  });
  await db
    .insert(organizationAffiliates)
    .values({ organizationId, affiliateId: affiliate!.id, createdByUserId: super_?.id ?? null });
}
