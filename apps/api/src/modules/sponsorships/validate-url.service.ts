/** `GET /sponsorship_opportunity/validate-url/{url}`: is this sponsorship address free? */
import { slugSchema } from '@fc/contracts';
import type { FastifyInstance } from 'fastify';
import { slugTaken } from './opportunities.repository.js';

export async function validateSponsorshipUrl(app: FastifyInstance, url: string, exclude?: number) {
  const parsed = slugSchema.safeParse(url);
  if (!parsed.success)
    return { url, available: false, reason: 'invalid' as const, message: parsed.error.issues[0]?.message ?? 'Invalid' };
  if (!(await slugTaken(app.db, parsed.data, exclude))) return { url: parsed.data, available: true };
  return {
    url: parsed.data,
    available: false,
    reason: 'taken' as const,
    message: 'This web address is already in use by another sponsorship.',
  };
}
