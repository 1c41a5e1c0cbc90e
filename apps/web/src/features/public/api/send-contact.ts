import type { ContactBody } from '@fc/contracts';
import { api } from '../../../lib/api/client';

/** POST /public/contact: the Contact-Us form (issue 14). A filled spam trap gets the same answer. */
export function sendContact(body: ContactBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/public/contact', body);
}
