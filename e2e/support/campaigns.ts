/** Shared steps of the campaign, family and public-page specs: the outbox and the public progress bar. */
import type { Page } from 'playwright-core';
import { apiCall, apiLogin } from './env';

export interface OutboxItem {
  to: string;
  subject: string;
  text: string;
}

/** The stored emails sent to exactly `to` (newest first), read as Super Admin. */
export async function outboxFor(to: string): Promise<OutboxItem[]> {
  const token = await apiLogin('super@demo.test');
  const res = await apiCall<{ data: OutboxItem[] }>(
    'GET',
    `/admin/outbox?q=${encodeURIComponent(to)}&perPage=50`,
    undefined,
    token,
  );
  return res.data.filter((m) => m.to === to);
}

/** The newest link matching `pattern` in the outbox for `to`, as a path with its query. */
export async function linkFromOutbox(to: string, pattern: RegExp): Promise<string> {
  for (const m of await outboxFor(to)) {
    const link = pattern.exec(m.text)?.[0];
    if (link) return new URL(link).pathname + new URL(link).search;
  }
  throw new Error(`no link like ${pattern} for ${to}`);
}

/** A campaign invitation to a family: /onboarding/campaign/accept-invite/{cfid}?token=… */
export const INVITE_LINK = /https?:\/\/\S+\/onboarding\/campaign\/accept-invite\/\d+\?token=[^\s)"<]+/;
/** A family's invite-to-donate link: the player's page with the contact's token. */
export const DONATE_LINK = /https?:\/\/\S+\/fundraisers\/[\w-]+\?c=[\w%-]+/;

/** The public pages' progress bar: aria-valuenow and aria-valuetext (English label). */
export async function progressOf(page: Page, name = 'Progress to the goal') {
  const bar = page.getByRole('progressbar', { name });
  return {
    now: Number(await bar.getAttribute('aria-valuenow')),
    text: (await bar.getAttribute('aria-valuetext')) ?? '',
  };
}
