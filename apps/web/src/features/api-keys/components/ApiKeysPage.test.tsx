/**
 * `/pages/api-key` (issue 18): a key is created with a name and an expiry, its secret is shown
 * once (copied from the dialog, gone from the page once closed, never in the list), and revoked
 * after a confirmation; the empty state in Spanish.
 */
import type { ApiKey, StoredUser } from '@fc/contracts';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { donorUser } from '../../../lib/auth/test-user';
import { fakeApi } from '../../../test/network';
import { click, getByTestId, queryByTestId, render, textOf, type, waitFor } from '../../../test/render';
import { ApiKeysPage } from './ApiKeysPage';

const admin: StoredUser = { ...donorUser, id: 8, role: 'org_admin', organizationId: 3 };
const SECRET = 'fck_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo';

function server() {
  const keys: ApiKey[] = [];
  const created: unknown[] = [];
  const api = fakeApi({
    'GET /user/api-keys': () => ({ json: { hasError: false, data: keys } }),
    'POST /user/api-keys': (req) => {
      created.push(req.body);
      const key: ApiKey = {
        id: 41,
        label: (req.body as { label: string }).label,
        prefix: SECRET.slice(0, 8),
        role: 'org_admin',
        organizationName: 'Rockets Club',
        createdAt: '2026-11-26T10:00:00.000Z',
        expiresAt: '2027-02-24T10:00:00.000Z',
        lastUsedAt: null,
        useCount: 0,
        revokedAt: null,
        status: 'active',
      };
      keys.unshift(key);
      return { json: { hasError: false, data: { key, secret: SECRET } } };
    },
    'DELETE /user/api-keys/41': () => {
      Object.assign(keys[0]!, { status: 'revoked', revokedAt: '2026-11-26T11:00:00.000Z' });
      return { json: { hasError: false, data: keys[0], message: 'API key revoked.' } };
    },
  });
  return { api, created };
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiKeysPage (/pages/api-key)', () => {
  it('creates a key, shows its secret once with a copy button, then revokes it after a confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    const { api, created } = server();
    const { container } = await render(<ApiKeysPage />, { user: admin, path: '/pages/api-key' });
    await waitFor(() => expect(textOf(container)).toContain('You have no API keys yet.'));
    expect(textOf(getByTestId('api-key-howto-example'))).toMatch(
      /^curl -H "Authorization: Bearer fck_…" http.*\/api\/v1\/user\/me$/,
    );

    await click(getByTestId('api-key-create'));
    await waitFor(() => getByTestId('api-key-create-dialog'));
    // A name is required: nothing is sent without one.
    await click(getByTestId('api-key-create-submit'));
    await waitFor(() => expect(textOf(getByTestId('api-key-create-dialog'))).toMatch(/required|Enter/i));
    expect(created).toEqual([]);
    await type(getByTestId('api-key-label'), 'Nightly export');
    await click(getByTestId('api-key-create-submit'));
    await waitFor(() => getByTestId('api-key-secret-dialog'));
    expect(created).toEqual([{ label: 'Nightly export', expiresInDays: 90 }]);
    expect(queryByTestId('api-key-create-dialog')).toBeNull();
    expect(getByTestId<HTMLInputElement>('api-key-secret').value).toBe(SECRET);
    expect(textOf(getByTestId('api-key-secret-dialog'))).toContain('This is the only time the key is shown');
    await click(getByTestId('api-key-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));

    await click(getByTestId('api-key-secret-done'));
    await waitFor(() => expect(queryByTestId('api-key-secret-dialog')).toBeNull());
    const row = await waitFor(() => getByTestId('api-key-row-41'));
    expect(textOf(row)).toContain('Nightly export');
    expect(textOf(row)).toContain('fck_Zm9v…');
    expect(textOf(row)).toContain('Rockets Club');
    expect(textOf(row)).toContain('Active');
    // The secret is nowhere on the page any more.
    expect(document.body.innerHTML).not.toContain(SECRET);

    await click(getByTestId('api-key-revoke-41'));
    const confirm = await waitFor(() => getByTestId('confirm-dialog'));
    expect(textOf(confirm)).toContain('Nightly export');
    await click(getByTestId('confirm-button'));
    await waitFor(() => expect(textOf(getByTestId('api-key-row-41'))).toContain('Revoked'));
    expect(textOf(document.body)).toContain('The key was revoked.');
    expect(queryByTestId('api-key-revoke-41')).toBeNull();
    expect(api.callsTo('DELETE /user/api-keys/41')).toHaveLength(1);
    expect(api.unhandled).toEqual([]);
  });

  it('expires on a chosen date (a past one is refused before sending); the limit is said in words', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'GET /user/api-keys': () => ({ json: { hasError: false, data: [] } }),
      'POST /user/api-keys': (req) => {
        bodies.push(req.body);
        return {
          status: 409,
          json: { hasError: true, code: 'API_KEY_LIMIT', message: 'You already have 10 active API keys.' },
        };
      },
    });
    await render(<ApiKeysPage />, { user: admin, path: '/pages/api-key' });
    await click(await waitFor(() => getByTestId('api-key-create')));
    await type(await waitFor(() => getByTestId('api-key-label')), 'CI');
    await act(async () => {
      getByTestId('api-key-expiry').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    });
    await click(
      await waitFor(() => {
        const o = [...document.querySelectorAll('[role="option"]')].find((el) => textOf(el) === 'On a date…');
        if (!o) throw new Error('no option');
        return o;
      }),
    );
    await type(await waitFor(() => getByTestId('api-key-date')), '01/01/2020');
    await click(getByTestId('api-key-create-submit'));
    await waitFor(() => expect(getByTestId('api-key-date').getAttribute('aria-invalid')).toBe('true'));
    expect(bodies).toEqual([]);
    await type(getByTestId('api-key-date'), '05/01/2030');
    await click(getByTestId('api-key-create-submit'));
    await waitFor(() => expect(bodies).toEqual([{ label: 'CI', expiresAt: '2030-05-01' }]));
    await waitFor(() => expect(textOf(getByTestId('api-key-create-error'))).toContain('You already have'));
    expect(queryByTestId('api-key-secret-dialog')).toBeNull();
  });

  it('says when there are no keys (in Spanish)', async () => {
    server();
    const { container } = await render(<ApiKeysPage />, { user: admin, path: '/pages/api-key', language: 'es' });
    await waitFor(() => expect(textOf(container)).toContain('Todavía no tienes claves de API.'));
    expect(textOf(container)).toContain('Cómo usar una clave');
  });
});
