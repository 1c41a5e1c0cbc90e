/**
 * Super Admin's list of Contact-Us messages (issue 14): the server's page (open ones first), the
 * search and the filter sent to the server, a message opened in full, marked handled after a
 * confirmation, and the empty state.
 */
import type { ContactMessage, StoredUser } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { donorUser } from '../../../lib/auth/test-user';
import { type FakeRequest, fakeApi } from '../../../test/network';
import { click, getByTestId, queryByTestId, render, textOf, type, waitFor } from '../../../test/render';
import { ContactMessagesPage } from './ContactMessagesPage';

const superAdmin: StoredUser = { ...donorUser, id: 8, role: 'super_admin', organizationId: null, donor_profile: [] };

const message = (over: Partial<ContactMessage>): ContactMessage => ({
  id: 1,
  name: 'Ana Pérez',
  email: 'ana@example.org',
  organization: 'Rockets',
  message: 'We would like to run a fundraiser.',
  language: 'es',
  createdAt: '2026-03-01T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
  ...over,
});

function server(initial: ContactMessage[]) {
  const messages = [...initial];
  const patched: unknown[] = [];
  const api = fakeApi({
    'GET /admin/contact-messages': (req: FakeRequest) => {
      const status = req.query.get('status') ?? 'all';
      const q = req.query.get('q')?.toLowerCase();
      const data = messages.filter(
        (m) =>
          (status === 'all' || (status === 'open') === !m.handledAt) &&
          (!q || [m.name, m.email, m.organization ?? '', m.message].some((v) => v.toLowerCase().includes(q))),
      );
      return { json: { hasError: false, data, total: data.length } };
    },
    'PATCH /admin/contact-messages/2': (req) => {
      patched.push(req.body);
      const m = messages.find((x) => x.id === 2)!;
      m.handledAt = '2026-03-02T10:00:00.000Z';
      m.handledBy = { id: 8, name: 'Sam Admin' };
      return { json: { hasError: false, data: m, message: 'Marked handled.' } };
    },
  });
  return { api, patched };
}

const grid = () => getByTestId('contact-messages-grid');

describe('ContactMessagesPage (/apps/contact-messages)', () => {
  it('lists the open messages, searches and filters on the server, opens one and marks it handled', async () => {
    const { api, patched } = server([
      message({ id: 1 }),
      message({ id: 2, name: 'Luis Gómez', email: 'luis@example.org', message: 'Payout question from the league.' }),
      message({ id: 3, name: 'Old One', handledAt: '2026-01-01T00:00:00.000Z', handledBy: { id: 8, name: 'Sam' } }),
    ]);
    await render(<ContactMessagesPage />, { user: superAdmin, path: '/apps/contact-messages' });
    await waitFor(() => expect(textOf(grid())).toContain('Luis Gómez'));
    expect(textOf(grid())).toContain('Ana Pérez');
    expect(textOf(grid())).not.toContain('Old One');
    expect(api.callsTo('GET /admin/contact-messages')[0]?.query.get('status')).toBe('open');

    await type(getByTestId('contact-messages-search'), 'payout');
    await waitFor(() => expect(textOf(grid())).not.toContain('Ana Pérez'));
    expect(api.callsTo('GET /admin/contact-messages').at(-1)?.query.get('q')).toBe('payout');

    await click(getByTestId('contact-message-open-2'));
    const dialog = await waitFor(() => getByTestId('contact-message-dialog'));
    expect(textOf(getByTestId('contact-message-text'))).toBe('Payout question from the league.');
    expect(getByTestId('contact-message-reply').getAttribute('href')).toBe('mailto:luis%40example.org');
    await click(getByTestId('contact-message-toggle'));
    await click(await waitFor(() => getByTestId('confirm-button')));
    await waitFor(() => expect(patched).toEqual([{ handled: true }]));
    await waitFor(() => expect(queryByTestId('contact-message-dialog')).toBeNull());
    expect(dialog.isConnected).toBe(false);
    // The open list no longer has it; the handled one does.
    await waitFor(() => expect(textOf(grid())).not.toContain('Luis Gómez'));
    await type(getByTestId('contact-messages-search'), '');
    await click(getByTestId('contact-filter-handled'));
    // Once the cleared search has settled: both handled messages, and no open one.
    await waitFor(() => expect(textOf(grid())).toContain('Old One'));
    expect(textOf(grid())).toContain('Luis Gómez');
    expect(textOf(grid())).not.toContain('Ana Pérez');
    expect(api.callsTo('GET /admin/contact-messages').at(-1)?.query.get('status')).toBe('handled');
    expect(api.unhandled).toEqual([]);
  });

  it('says when there is nothing (in Spanish)', async () => {
    server([]);
    await render(<ContactMessagesPage />, { user: superAdmin, path: '/apps/contact-messages', language: 'es' });
    await waitFor(() => expect(textOf(grid())).toContain('Ningún mensaje coincide con la búsqueda o el filtro.'));
    await click(getByTestId('contact-filter-all'));
    await waitFor(() => expect(textOf(grid())).toContain('Aún no hay mensajes.'));
  });
});
