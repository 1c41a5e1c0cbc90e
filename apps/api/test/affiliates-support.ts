/** Shared pieces of the affiliate tests (issue 16): valid bodies and direct inserts. */
import {
  affiliateConversions,
  affiliateOffers,
  affiliatePrograms,
  affiliates,
  type Db,
  organizationAffiliates,
} from '@fc/db';
import { sql } from 'drizzle-orm';

let seq = 0;
export const uniq = () => `${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;
export const freshIp = () => `198.51.100.${(++seq % 250) + 1}`;

export const programBody = (over: Record<string, unknown> = {}) => ({
  name: `Program ${uniq()}`,
  description: 'Test program',
  giftShareBps: 1000,
  teamFlatCents: 5000,
  teamQualifyCents: 100_000,
  windowDays: 30,
  attribution: 'last_click',
  minPayoutCents: 2500,
  dueDays: 30,
  terms: 'Terms version one.',
  ...over,
});

export const affiliateBody = (over: Record<string, unknown> = {}) => {
  const u = uniq();
  return {
    firstName: 'Ava',
    lastName: `Abbott ${u}`,
    email: `Aff-${u}@Example.test`,
    slug: `aff-${u}`,
    website: 'https://example.org/ava',
    bio: 'Bio.',
    language: 'en',
    invite: false,
    ...over,
  };
};

/** A program straight into the database. */
export async function insertProgram(db: Db, over: Partial<typeof affiliatePrograms.$inferInsert> = {}) {
  const [p] = await db
    .insert(affiliatePrograms)
    .values({ name: `P ${uniq()}`, terms: 'T1', giftShareBps: 1000, minPayoutCents: 2500, ...over })
    .returning();
  return p!;
}

/** An affiliate straight into the database (search filled like the service does). */
export async function insertAffiliate(
  db: Db,
  over: Partial<typeof affiliates.$inferInsert> & { organizationIds?: number[]; acceptedProgramId?: number } = {},
) {
  const u = uniq();
  const { organizationIds, acceptedProgramId, ...values } = over;
  const [a] = await db
    .insert(affiliates)
    .values({
      firstName: 'Fay',
      lastName: `Filer ${u}`,
      email: `fay-${u}@example.test`,
      slug: `fay-${u}`,
      status: 'active',
      ...values,
    })
    .returning();
  await db.execute(
    sql`update affiliates set search = lower(concat_ws(' ', first_name, last_name, email, slug, website)) where id = ${a!.id}`,
  );
  for (const organizationId of organizationIds ?? [])
    await db.insert(organizationAffiliates).values({ organizationId, affiliateId: a!.id });
  if (acceptedProgramId)
    await db.insert(affiliateOffers).values({
      affiliateId: a!.id,
      programId: acceptedProgramId,
      status: 'accepted',
      acceptedAt: new Date(),
      acceptedTermsVersion: 1,
    });
  return a!;
}

export async function insertConversion(
  db: Db,
  affiliateId: number,
  programId: number,
  over: Partial<typeof affiliateConversions.$inferInsert> = {},
) {
  const [c] = await db
    .insert(affiliateConversions)
    .values({ affiliateId, programId, kind: 'gift', source: 'link', commissionCents: 100, ...over })
    .returning();
  return c!;
}
