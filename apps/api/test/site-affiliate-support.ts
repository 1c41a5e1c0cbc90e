/**
 * Affiliates for the public page tests (issue 16): rows written straight to the tables (the
 * console's calls are another helper's), with programs and offers to give the cookie's window.
 */
import { randomBytes } from 'node:crypto';
import {
  affiliateClicks,
  affiliateOffers,
  affiliatePrograms,
  affiliates,
  type Db,
  organizationAffiliates,
} from '@fc/db';
import { asc, eq } from 'drizzle-orm';

let seq = 0;
const suffix = () => `${++seq}${randomBytes(3).toString('hex')}`;

export async function program(db: Db, windowDays: number) {
  const [p] = await db
    .insert(affiliatePrograms)
    .values({ name: `Program ${suffix()}`, windowDays, giftShareBps: 2_000, teamFlatCents: 5_000, terms: 'Be kind.' })
    .returning();
  return p!;
}

export async function affiliate(
  db: Db,
  values: Partial<typeof affiliates.$inferInsert> = {},
  opts: { windows?: { days: number; status: 'offered' | 'accepted' | 'withdrawn' }[]; orgIds?: number[] } = {},
) {
  const n = suffix();
  const [a] = await db
    .insert(affiliates)
    .values({
      firstName: 'Ava',
      lastName: `Abbott${n}`,
      email: `ava-${n}@example.test`,
      slug: `ava-${n}`,
      status: 'active',
      bio: 'I help <teams> raise "more".',
      website: 'https://ava.example.org',
      ...values,
    })
    .returning();
  for (const w of opts.windows ?? []) {
    const p = await program(db, w.days);
    await db.insert(affiliateOffers).values({
      affiliateId: a!.id,
      programId: p.id,
      status: w.status,
      acceptedAt: w.status === 'accepted' ? new Date() : null,
    });
  }
  for (const organizationId of opts.orgIds ?? [])
    await db.insert(organizationAffiliates).values({ organizationId, affiliateId: a!.id });
  return a!;
}

/** The affiliate's clicks, oldest first (the oracle: SQL, not the code under test). */
export const clicksOf = (db: Db, affiliateId: number) =>
  db
    .select()
    .from(affiliateClicks)
    .where(eq(affiliateClicks.affiliateId, affiliateId))
    .orderBy(asc(affiliateClicks.id));

/** The Set-Cookie headers of an answer as a list. */
export function setCookies(headers: Record<string, unknown>): string[] {
  const v = headers['set-cookie'];
  return v === undefined ? [] : Array.isArray(v) ? (v as string[]) : [String(v)];
}
export const cookieNamed = (headers: Record<string, unknown>, name: string) =>
  setCookies(headers).find((c) => c.startsWith(`${name}=`));
