import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api/client';
import { attachmentName, downloadBlob } from '../../../lib/download';
import type { DonationFilters } from './keys';

/** What was saved: the file's name and how many donations it holds. */
export interface DonationExport {
  filename: string;
  rows: number;
}

/**
 * Reads a streamed CSV into parts for a Blob, counting its records as they arrive (a record ends
 * at a line break outside quotes: a quoted message may hold line breaks of its own).
 */
export async function readCsv(body: ReadableStream<Uint8Array>): Promise<{ parts: Uint8Array[]; records: number }> {
  const parts: Uint8Array[] = [];
  let records = 0;
  let quoted = false;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (const b of value) {
      if (b === 34) quoted = !quoted;
      else if (b === 10 && !quoted) records++;
    }
  }
  return { parts, records };
}

/**
 * GET /admin/donation/export: the filtered set, streamed by the server as CSV, fetched with the
 * session's token and saved by the browser.
 */
export async function exportDonations(filters: DonationFilters): Promise<DonationExport> {
  const res = await apiFile('/admin/donation/export', { ...filters });
  const filename = attachmentName(res.headers.get('content-disposition'), 'donations.csv');
  const { parts, records } = res.body ? await readCsv(res.body) : { parts: [], records: 0 };
  downloadBlob(filename, new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }));
  return { filename, rows: Math.max(0, records - 1) };
}

export function useExportDonations() {
  return useMutation({ mutationFn: exportDonations });
}
