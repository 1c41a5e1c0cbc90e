/** Facts every spec shares: the server address (from global-setup) and the demo accounts. */
import path from 'node:path';
import { inject } from 'vitest';
import { DEMO_PASSWORD } from './constants';

export { ACCESS_TOKEN_TTL_SECONDS, DEMO_PASSWORD } from './constants';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function baseURL(): string {
  const url = inject('baseURL');
  if (!url) throw new Error('baseURL was not provided: is e2e/global-setup.ts configured as globalSetup?');
  return url;
}

/** Minimal JSON call to the API (setup/cleanup only; the journeys themselves go through the UI). */
export async function apiCall<T>(method: string, route: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-FC-Client': 'e2e' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${baseURL()}/api/v1${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await apiCall<{ accessToken: string }>('POST', '/jwt/login', { email, password });
  return res.accessToken;
}
