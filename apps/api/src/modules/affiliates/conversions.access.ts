/**
 * The conversion, dashboard and payment calls' access (decision 018): affiliates.access.ts decides
 * who may see the affiliate; an affiliate that does not exist is the same 404 for staff too.
 */
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { type AffiliateScope, assertCanReadAffiliate } from './affiliates.access.js';

export async function readableAffiliate(app: FastifyInstance, p: Principal, id: number): Promise<AffiliateScope> {
  const scope = await assertCanReadAffiliate(app, p, id);
  const found = await firstRow(app.db, sql`select 1 as one from affiliates where id = ${id}`);
  if (!found) throw new AppError(404, 'AFFILIATE_NOT_FOUND', 'This affiliate was not found.');
  return scope;
}
