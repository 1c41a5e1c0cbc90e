/**
 * Inventory (decision 019 "Inventory"): a unit is taken while its sponsorship is `paid`, or `held`
 * with its hold not yet expired. Every change that takes a unit (a purchase's hold, an offline
 * unit, a late payment) first locks the opportunity's row, so two takers of the last unit are
 * serialised and the second sees it taken.
 */
import { firstRow, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';

export interface LockedOpportunity {
  id: number;
  organization_id: number;
  campaign_id: number | null;
  slug: string;
  name: string;
  status: string;
  price_cents: number;
  quantity: number | null;
  fair_market_value_cents: number;
  starts_on: string | null;
  ends_on: string | null;
}

/** The condition "this sponsorship holds a unit now", on the alias `s`. */
export const TAKES_UNIT = sql`(s.status = 'paid' or (s.status = 'held' and s.hold_expires_at > now()))`;

/** Locks the opportunity's row for the rest of the transaction; null when it does not exist. */
export async function lockOpportunity(tx: Tx, opportunityId: number): Promise<LockedOpportunity | null> {
  return (
    (await firstRow<LockedOpportunity>(
      tx,
      sql`select id, organization_id, campaign_id, slug, name, status, price_cents, quantity,
          fair_market_value_cents, starts_on::text, ends_on::text
        from sponsorship_opportunities where id = ${opportunityId} for update`,
    )) ?? null
  );
}

/** Units taken now (call with the opportunity locked); `except` leaves one sponsorship out of the count. */
export async function unitsTaken(tx: Tx, opportunityId: number, except?: number): Promise<number> {
  const row = await firstRow<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sponsorships s
      where s.opportunity_id = ${opportunityId} and ${TAKES_UNIT}
      ${except === undefined ? sql`` : sql`and s.id <> ${except}`}`,
  );
  return row?.n ?? 0;
}

/** Is a unit free now? (Call with the opportunity locked.) */
export async function hasFreeUnit(tx: Tx, o: LockedOpportunity, except?: number): Promise<boolean> {
  return o.quantity === null || (await unitsTaken(tx, o.id, except)) < o.quantity;
}
