import { api } from '../../../lib/api/client';

/** The tracking token an invitation link carries (`?c=`), as the contacts module issues it. */
export const TRACK_TOKEN = /^[A-Za-z0-9_-]{8,32}$/;

/** POST /public/fundraisers/{slug}/opened: tells the family this contact opened the page. */
export function markOpened(slug: string, c: string): Promise<unknown> {
  return api.post(`/public/fundraisers/${encodeURIComponent(slug)}/opened`, { c });
}
