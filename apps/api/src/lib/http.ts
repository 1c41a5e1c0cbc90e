/**
 * Small pieces every route module shares: the success envelope, `:id` params, claimed identity,
 * CSV downloads.
 */
import type { Readable } from 'node:stream';
import { dbIdTextSchema } from '@fc/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../types.js';
import { forbidden } from './errors.js';

/** `{ hasError: false, data, message? }` (DECISIONS §4). */
export const ok = <T>(data: T, message?: string) => ({
  hasError: false as const,
  data,
  ...(message ? { message } : {}),
});

/** `/:id` path parameters. */
export const idParams = z.object({ id: dbIdTextSchema });

/**
 * Client-sent `userRole`/`userId` (spec §6) are accepted for compatibility but must name the
 * caller's own token identity (DECISIONS §3); a mismatch is a 403.
 */
export function assertOwnIdentity(p: Principal, q: { userRole?: string | undefined; userId?: number | undefined }) {
  if (q.userId !== undefined && q.userId !== p.user.id)
    throw forbidden('userId does not match the signed-in user.', 'IDENTITY_MISMATCH');
  if (q.userRole !== undefined && q.userRole !== '' && q.userRole !== p.role)
    throw forbidden('userRole does not match the current profile.', 'IDENTITY_MISMATCH');
}

/**
 * Sends a CSV file as a download named `filename` (never cached): a whole body or a stream. The
 * route documents it with `produces: ['text/csv']` and no response schema.
 */
export const sendCsv = (reply: FastifyReply, filename: string, body: string | Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
