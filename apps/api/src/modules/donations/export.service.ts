/**
 * `GET /admin/donation/export` (spec §7 "Donations"; issue 12): the filtered set in the caller's
 * scope as a CSV file, streamed. Rows are read in keyset batches of EXPORT_BATCH (oldest first, by
 * `(created_at, id)`) and each batch is written as CSV before the next is read; the stream is
 * pulled by the client, so a slow download holds one batch in memory, not the whole set, and
 * there is no row limit. No transaction spans the batches (PGlite has one connection, which a long
 * export would hold from every other request): a row is written in the state its batch read, and
 * the keyset neither repeats nor skips a row. Formula cells are escaped by `csvCell` (RELIABILITY
 * row 15), as in every other CSV the product writes.
 */
import { Readable } from 'node:stream';
import { centsToDecimal } from '@fc/contracts';
import type { Db } from '@fc/db';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { csvCell } from '../../lib/csv.js';
import type { Principal } from '../../types.js';
import { iso } from '../campaigns/campaigns.repository.js';
import { type ExportRow, exportBatch, type ListQuery, listWhere, playerNameOf } from './donations.repository.js';

export const EXPORT_BATCH = 2000;
const STATUS_NAMES = ['pending', 'completed', 'failed', 'refunded', 'cancelled'];
const dollars = centsToDecimal;

/** The file's columns and how each is read from a row, in order. */
const COLUMNS: [string, (r: ExportRow) => unknown][] = [
  ['receipt', (r) => r.receipt_number],
  ['date', (r) => iso(r.completed_at ?? r.created_at)],
  ['status', (r) => STATUS_NAMES[r.status]],
  ['method', (r) => r.method],
  ['kind', (r) => r.kind],
  ['donor_first_name', (r) => r.donor_first_name],
  ['donor_last_name', (r) => r.donor_last_name],
  ['donor_email', (r) => r.donor_email],
  ['anonymous', (r) => (r.anonymous ? 'yes' : 'no')],
  ['amount', (r) => dollars(r.amount_cents)],
  ['covered_fee', (r) => dollars(r.cover_fee_cents)],
  ['refunded', (r) => dollars(r.refunded_cents)],
  ['net', (r) => dollars(Number(r.net_cents))],
  ['campaign', (r) => r.campaign_title],
  ['player', (r) => playerNameOf(r) ?? ''],
  ['organization', (r) => r.organization_name],
  ['message', (r) => r.message],
];
export const EXPORT_COLUMNS = COLUMNS.map(([name]) => name);

const line = (r: ExportRow) => `${COLUMNS.map(([, read]) => csvCell(read(r))).join(',')}\r\n`;

/** The CSV text, a header and then one chunk per batch, read only as the consumer asks for more. */
export async function* csvChunks(db: Db, where: SQL, batch = EXPORT_BATCH): AsyncGenerator<string> {
  yield `${EXPORT_COLUMNS.join(',')}\r\n`;
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const found = await exportBatch(db, where, after, batch);
    if (found.length) yield found.map(line).join('');
    if (found.length < batch) return;
    const last = found.at(-1)!;
    after = { at: last.key_at, id: last.id };
  }
}

export function exportCsv(app: FastifyInstance, p: Principal, q: ListQuery) {
  const range = [q.from, q.to].filter(Boolean).join('_to_');
  return {
    filename: `donations${range ? `-${range}` : ''}.csv`,
    stream: Readable.from(csvChunks(app.db, listWhere(p, q)), { objectMode: false }),
  };
}
