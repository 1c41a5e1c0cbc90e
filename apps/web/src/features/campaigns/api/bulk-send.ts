import { BULK_MESSAGE_BATCH, type RecipientResult } from '@fc/contracts';
import { api } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errors';

export type BulkSendKind = 'resend' | 'message';

export interface BulkSendInput {
  kind: BulkSendKind;
  campaignId: number;
  ids: number[];
  subject?: string;
  message?: string;
}

const PATH: Record<BulkSendKind, string> = {
  resend: '/campaign_fundraisers/resend_invite',
  message: '/campaign_fundraisers/bulk_message',
};

/**
 * Sends in batches of BULK_MESSAGE_BATCH (the server's limit per call), reporting progress after
 * each batch. A batch that fails as a whole marks each of its families with the error, and the
 * next batches still go: the result lists every recipient once.
 */
export async function sendInBatches(
  input: BulkSendInput,
  onProgress: (done: number, total: number) => void,
  fallbackError: string,
  signal?: AbortSignal,
): Promise<RecipientResult[]> {
  const results: RecipientResult[] = [];
  const total = input.ids.length;
  onProgress(0, total);
  for (let i = 0; i < total; i += BULK_MESSAGE_BATCH) {
    if (signal?.aborted) break;
    const ids = input.ids.slice(i, i + BULK_MESSAGE_BATCH);
    const body =
      input.kind === 'resend'
        ? { campaignId: input.campaignId, ids }
        : { campaignId: input.campaignId, ids, subject: input.subject, message: input.message };
    try {
      // The signal only stops between batches: a batch under way finishes, so every family sent to is listed.
      const res = await api.post<{ data: RecipientResult[] }>(PATH[input.kind], body);
      results.push(...res.data);
    } catch (error) {
      const message = errorMessage(error, fallbackError);
      results.push(...ids.map((id) => ({ id, email: null, ok: false, error: message })));
    }
    onProgress(Math.min(i + ids.length, total), total);
  }
  return results;
}
