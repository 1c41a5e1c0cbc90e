/**
 * /onboarding/list: the summary cards, the status tabs, the search and the column sort become the
 * query parameters of GET /onboarding/ (contract registrationListQuerySchema); rows show the team,
 * organization, registrant, progress, status, salesperson and age; empty and error states.
 */
import type { RegistrationListItem } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../../test/network';
import { click, getByTestId, textOf, type, waitFor } from '../../../../test/render';
import { item, renderRoute, superAdmin } from '../../test/fixtures';
import { RegistrationListPage } from './RegistrationListPage';

const summary = { total: 9, submitted: 6, pending: 3, approved: 2, rejected: 1 };

function server(rows: RegistrationListItem[]) {
  return fakeApi({
    'GET /onboarding/': (req: FakeRequest) => {
      const q = req.query.get('q')?.toLowerCase();
      const data = rows.filter((r) => !q || (r.teamName ?? '').toLowerCase().includes(q));
      return { json: { hasError: false, data: { data, total: data.length, summary }, total: data.length } };
    },
  });
}

const grid = () => getByTestId('registrations-grid');
const lastQuery = (api: ReturnType<typeof server>) =>
  Object.fromEntries(api.callsTo('GET /onboarding/').at(-1)?.query ?? []);

// The grid is a lazy chunk: its first load, on a busy machine, takes seconds.
describe('RegistrationListPage (/onboarding/list)', { timeout: 30_000 }, () => {
  it('lists the records and sends the cards, tabs, search and sort as the query', async () => {
    const api = server([
      item(),
      item({
        id: 6,
        teamName: 'Hawks 10U',
        status: 'in_progress',
        step: 3,
        submittedAt: null,
        ageDays: 1,
        salesperson: { id: 9, name: 'Sara Sales' },
      }),
    ]);
    await renderRoute(<RegistrationListPage />, superAdmin, '/onboarding/list');
    await waitFor(() => expect(textOf(grid())).toContain('Hawks 10U'), 15_000);
    const row = textOf(grid());
    for (const text of [
      'Tigers 12U',
      'Austin Youth Baseball',
      'Rita Registrant',
      'Step 6 of 6',
      'Step 3 of 6',
      'Pending',
      'In progress',
      'Sara Sales',
      'Unassigned',
      '3 days',
      '1 day',
    ])
      expect(row).toContain(text);
    expect(textOf(getByTestId('registrations-card-pending'))).toBe('Pending3');
    expect(lastQuery(api)).toEqual({ status: 'all', page: '1', perPage: '10' });

    await click(getByTestId('registrations-card-pending'));
    await waitFor(() => expect(lastQuery(api).status).toBe('pending'));
    expect(getByTestId('registrations-card-pending').getAttribute('aria-pressed')).toBe('true');
    expect(getByTestId('registrations-filter-pending').getAttribute('aria-selected')).toBe('true');

    await click(getByTestId('registrations-filter-withdrawn'));
    await waitFor(() => expect(lastQuery(api).status).toBe('withdrawn'));
    await click(getByTestId('registrations-filter-in_progress'));
    await waitFor(() => expect(lastQuery(api).status).toBe('in_progress'));

    await type(getByTestId('registrations-search'), '  hawks ');
    await waitFor(() => expect(lastQuery(api).q).toBe('hawks'));
    await waitFor(() => expect(textOf(grid())).not.toContain('Tigers 12U'));
    expect(lastQuery(api)).toMatchObject({ status: 'in_progress', q: 'hawks', page: '1' });

    const header = grid().querySelector('[role="columnheader"][data-field="teamName"]') as HTMLElement;
    await click(header);
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sortColumn: 'teamName', sort: 'asc' }));
    await click(grid().querySelector('[role="columnheader"][data-field="teamName"]') as HTMLElement);
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sortColumn: 'teamName', sort: 'desc' }));
    // Columns the contract cannot sort by have no sort.
    const registrant = grid().querySelector('[role="columnheader"][data-field="registrant"]');
    expect(registrant?.classList.contains('MuiDataGrid-columnHeader--sortable')).toBe(false);
    expect(header.classList.contains('MuiDataGrid-columnHeader--sortable')).toBe(true);
    expect(api.unhandled).toEqual([]);
  });

  it('reads the status and search from the address', async () => {
    const api = server([item()]);
    await renderRoute(<RegistrationListPage />, superAdmin, '/onboarding/list?status=rejected&q=tig');
    await waitFor(() => expect(textOf(grid())).toContain('Tigers 12U'), 15_000);
    expect(lastQuery(api)).toMatchObject({ status: 'rejected', q: 'tig' });
    expect(getByTestId<HTMLInputElement>('registrations-search').value).toBe('tig');
  });

  it('says when there is nothing, and when the list cannot be read (in Spanish)', async () => {
    server([]);
    await renderRoute(<RegistrationListPage />, superAdmin, '/onboarding/list', 'es');
    await waitFor(() => expect(textOf(grid())).toContain('Aún no hay registros.'), 15_000);
    await click(getByTestId('registrations-filter-approved'));
    await waitFor(() => expect(textOf(grid())).toContain('Ningún registro coincide con la búsqueda o el filtro.'));

    fakeApi({
      'GET /onboarding/': () => ({ status: 403, json: { hasError: true, code: 'FORBIDDEN', message: 'Forbidden' } }),
    });
    await click(getByTestId('registrations-filter-rejected'));
    await waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());
    expect(textOf(document.querySelector('[role="alert"]'))).toContain('Reintentar');
  });
});
