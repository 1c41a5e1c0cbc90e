/// <reference lib="dom" />
/**
 * The sponsorship islands' calls to `/api/v1` (packages/contracts/src/sponsorships.ts): buy one
 * unit (a hold and its payment), and after paying the sponsor's display name, website and logo.
 * Same error shape as the checkout's calls (ApiFailure).
 */
import { API_BASE, ApiFailure } from '../checkout/api';
import type { DonationCheckout, FieldError } from '../checkout/types';

/** `POST /public/sponsorships`. */
export interface BuyBody {
  opportunity: string;
  priceCents: number;
  firstName: string;
  lastName: string;
  email: string;
  businessName?: string;
  language: 'en' | 'es';
}

export interface BuyAnswer extends DonationCheckout {
  holdExpiresAt: string;
  sponsorshipThankYou: string;
}

async function send<T>(method: 'POST' | 'PUT', path: string, body: BodyInit, json: boolean): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-FC-Client': 'console-web' };
  if (json) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method, headers, body });
  } catch {
    throw new ApiFailure(0, '');
  }
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || answer.hasError === true) {
    const message = typeof answer.message === 'string' ? answer.message : '';
    const code = typeof answer.code === 'string' ? answer.code : undefined;
    const errors = Array.isArray(answer.errors) ? (answer.errors as FieldError[]) : [];
    throw new ApiFailure(res.status, message, code, errors);
  }
  return (answer as { data: T }).data;
}

export const buySponsorship = (body: BuyBody) =>
  send<BuyAnswer>('POST', '/public/sponsorships', JSON.stringify(body), true);

const id = (publicId: string) => encodeURIComponent(publicId);

export interface SponsorDetails {
  displayName: string;
  website: string | null;
}

export interface BuyerSponsorship {
  status: string;
  displayName: string | null;
  website: string | null;
  logoUrl: string | null;
  logoStatus: 'none' | 'submitted' | 'approved' | 'rejected';
  logoRejectReason: string | null;
}

export const saveSponsorDetails = (publicId: string, body: SponsorDetails) =>
  send<BuyerSponsorship>('PUT', `/public/sponsorships/${id(publicId)}`, JSON.stringify(body), true);

export function uploadSponsorLogo(publicId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return send<BuyerSponsorship>('POST', `/public/sponsorships/${id(publicId)}/logo`, form, false);
}

/** The opportunity's price now, read from its page (`data-sp-price`): after a 409 price changed. */
export async function currentPrice(slug: string): Promise<number | null> {
  try {
    const res = await fetch(`/sponsorships/${encodeURIComponent(slug)}`, { cache: 'no-store' });
    const m = /data-sp-price="(\d+)"/.exec(await res.text());
    return m?.[1] ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
