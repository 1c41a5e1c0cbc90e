/// <reference lib="dom" />
/**
 * The team registration island's calls (contracts registrations.ts), through the family islands'
 * client (JSON, the client tag, the stored session's Bearer token refreshed once on a 401). The
 * draft's secret rides in the `X-Registration-Token` header only, and is kept for the visit in
 * sessionStorage (never in localStorage, never in the address: a `?token=` from the e-mailed
 * resume link is read once and removed from the address).
 */
import { call, type Result } from '../family/http';
import { accessToken } from '../family/session';

export interface Contact {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}
export interface Answers {
  organization?:
    | { mode: 'existing'; organizationId: number }
    | { mode: 'new'; type: string; name: string; slug: string; city: string; state: string };
  team?: { name: string; sport: string; ageGroup: string; season: string; rosterSize: number; slug: string };
  contacts?: { admin: Contact; coach: Contact | null; treasurer: Contact | null };
  fundraising?: { goalCents: number; playerGoalCents: number; startDate: string; endDate: string; purpose: string };
}
/** registrationDraftSchema: what the registrant sees of their draft. */
export interface Draft {
  id: number;
  step: number;
  submittedAt: string | null;
  decision: string;
  answers: Answers;
  registrant: { firstName: string; lastName: string; email: string; emailConfirmed: boolean };
  existingTeam: { id: number; name: string; organizationName: string } | null;
  language: 'en' | 'es';
}
export interface FoundOrganization {
  id: number;
  name: string;
  slug: string;
  type: string;
  city: string | null;
  region: string | null;
}
export type AddressReason = 'invalid' | 'reserved' | 'taken';

export const TOKEN_KEY = 'teamRegistrationToken';
export const TOKEN_HEADER = 'X-Registration-Token';

const session = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};
export const storedToken = () => session()?.getItem(TOKEN_KEY) ?? null;
export const keepToken = (token: string) => session()?.setItem(TOKEN_KEY, token);
export const forgetToken = () => session()?.removeItem(TOKEN_KEY);

/** The resume link's `?token=`: kept for the visit and taken out of the address (and history). */
export function takeTokenFromAddress(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  keepToken(token);
  return token;
}

/** The chosen existing organization's name, kept for the visit (the draft holds its id only). */
const CHOSEN_KEY = 'teamRegistrationOrganization';
export const keepChosen = (id: number, name: string) => session()?.setItem(CHOSEN_KEY, JSON.stringify({ id, name }));
export function chosenName(id: number): string | null {
  try {
    const kept = JSON.parse(session()?.getItem(CHOSEN_KEY) ?? 'null') as { id?: unknown; name?: unknown } | null;
    return kept?.id === id && typeof kept.name === 'string' ? kept.name : null;
  } catch {
    return null;
  }
}

const headers = (token: string | null) => (token ? { [TOKEN_HEADER]: token } : undefined);
const signedIn = () => accessToken() !== null;
type Envelope<T> = { data: T };

/** A draft out of an answer's `data` (the draft itself, or `{ token, registration }`). */
function draftOf(data: unknown): Draft | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as { registration?: unknown; step?: unknown; answers?: unknown };
  if (d.registration && typeof d.registration === 'object') return d.registration as Draft;
  return typeof d.step === 'number' && d.answers ? (data as Draft) : null;
}
const toDraft = (r: Result<Envelope<unknown>>): Result<Draft | null> =>
  r.ok ? { ok: true, data: draftOf(r.data.data) } : r;

/** The draft of this token, or the signed-in person's open draft. */
export async function loadDraft(token: string | null): Promise<Result<{ draft: Draft | null; token: string | null }>> {
  const r = await call<Envelope<unknown>>('/onboarding/registration', { headers: headers(token), auth: signedIn() });
  if (!r.ok) return r;
  const given = (r.data.data as { token?: unknown } | null)?.token;
  return { ok: true, data: { draft: draftOf(r.data.data), token: typeof given === 'string' ? given : token } };
}

export interface StartBody {
  account?: { firstName: string; lastName: string; email: string; password: string; language: 'en' | 'es' };
  teamId?: number;
  language: 'en' | 'es';
  website?: string;
}
export async function startDraft(body: StartBody): Promise<Result<{ token: string; draft: Draft }>> {
  const r = await call<Envelope<{ token: string; registration: Draft }>>('/onboarding/registration', {
    method: 'POST',
    body,
    auth: !body.account,
  });
  return r.ok ? { ok: true, data: { token: r.data.data.token, draft: r.data.data.registration } } : r;
}

export async function saveStep(step: number, answer: unknown, token: string | null) {
  return toDraft(
    await call<Envelope<unknown>>(`/onboarding/registration/steps/${step}`, {
      method: 'PUT',
      body: answer,
      headers: headers(token),
      auth: signedIn(),
    }),
  );
}

export async function submitDraft(token: string | null) {
  return toDraft(
    await call<Envelope<unknown>>('/onboarding/registration/submit', {
      method: 'POST',
      body: { acceptTerms: true },
      headers: headers(token),
      auth: signedIn(),
    }),
  );
}

export async function findOrganizations(q: string, token: string | null): Promise<FoundOrganization[] | null> {
  const r = await call<Envelope<FoundOrganization[]>>(
    `/onboarding/registration/organizations?q=${encodeURIComponent(q)}`,
    { headers: headers(token) },
  );
  return r.ok && Array.isArray(r.data.data) ? r.data.data : null;
}

export async function checkAddress(
  slug: string,
  token: string | null,
): Promise<{ available: boolean; reason: AddressReason | null } | null> {
  const r = await call<Envelope<{ available: boolean; reason: AddressReason | null }>>(
    `/onboarding/registration/check-address?slug=${encodeURIComponent(slug)}`,
    { headers: headers(token) },
  );
  return r.ok && r.data.data ? r.data.data : null;
}
