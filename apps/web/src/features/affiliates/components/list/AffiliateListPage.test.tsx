/**
 * /affiliates/list: the status select, the name search and the column sort become the query of
 * GET /affiliate/ (contract affiliateListQuerySchema); the CSV asks the same filters with
 * `format=csv`; Super Admin adds an affiliate (its web address checked live) and creates a program
 * in dollars that are sent in cents; FYS Sales only read.
 */
import type { AffiliateListItem } from '@fc/contracts';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../../test/network';
import { click, getByTestId, queryByTestId, textOf, type, waitFor } from '../../../../test/render';
import { item, ok, program, renderRoute, sales, superAdmin } from '../../test/fixtures';
import { AffiliateListPage } from './AffiliateListPage';

function server(rows: AffiliateListItem[], extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /affiliate/': (req: FakeRequest) => {
      if (req.query.get('format') === 'csv') return { json: 'id,name\n' };
      const q = req.query.get('q')?.toLowerCase();
      const data = rows.filter((r) => !q || `${r.first_name} ${r.last_name}`.toLowerCase().includes(q));
      return { json: { hasError: false, data, total: data.length } };
    },
    'GET /affiliate/program': () => ok([program()]),
    ...extra,
  });
}

const grid = () => getByTestId('affiliates-grid');
const lastQuery = (api: ReturnType<typeof server>) =>
  Object.fromEntries(api.calls.filter((c) => c.path === '/affiliate/' && !c.query.get('format')).at(-1)?.query ?? []);

async function choose(selectTestId: string, label: string) {
  await act(async () => {
    getByTestId(selectTestId).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('[role="option"]')].find((el) => el.textContent === label);
    if (!o) throw new Error(`no option ${label}`);
    return o;
  });
  await click(option);
}

describe('AffiliateListPage (/affiliates/list)', { timeout: 30_000 }, () => {
  it('lists the affiliates and sends the status, search and sort as the query, and the CSV with them', async () => {
    const api = server([
      item(),
      item({ id: 6, first_name: 'Ben', last_name: 'Brown', status: 'paused', programs: [] }),
    ]);
    await renderRoute(<AffiliateListPage />, superAdmin, '/affiliates/list');
    await waitFor(() => expect(textOf(grid())).toContain('Ben Brown'), 15_000);
    const text = textOf(grid());
    for (const s of ['Ava Abbott', 'ava@example.org', 'Club partners', 'Active', 'Paused', '$123.45'])
      expect(text).toContain(s);
    expect(lastQuery(api)).toEqual({ status: 'all', page: '1', perPage: '10' });

    await choose('affiliates-status', 'Paused');
    await waitFor(() => expect(lastQuery(api).status).toBe('paused'));
    await type(getByTestId('affiliates-search'), '  ben ');
    await waitFor(() => expect(lastQuery(api).q).toBe('ben'));
    await waitFor(() => expect(textOf(grid())).not.toContain('Ava Abbott'));

    await click(grid().querySelector('[role="columnheader"][data-field="earnedCents"]') as HTMLElement);
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({ sortColumn: 'earnedCents', sort: 'asc', status: 'paused', q: 'ben' }),
    );
    const programs = grid().querySelector('[role="columnheader"][data-field="programs"]');
    expect(programs?.classList.contains('MuiDataGrid-columnHeader--sortable')).toBe(false);

    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    await click(getByTestId('affiliates-csv'));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('format') === 'csv')).toBe(true));
    const csv = api.calls.find((c) => c.query.get('format') === 'csv');
    expect(Object.fromEntries(csv?.query ?? [])).toEqual({
      status: 'paused',
      q: 'ben',
      sortColumn: 'earnedCents',
      sort: 'asc',
      format: 'csv',
    });
    expect(api.unhandled).toEqual([]);
  });

  it('says when there is nothing, and FYS Sales cannot add affiliates or programs (in Spanish)', async () => {
    server([]);
    await renderRoute(<AffiliateListPage />, sales, '/affiliates/list', 'es');
    await waitFor(() => expect(textOf(grid())).toContain('Aún no hay afiliados.'), 15_000);
    expect(queryByTestId('affiliate-new')).toBeNull();
    await click(getByTestId('programs-tab'));
    await waitFor(() => expect(textOf(getByTestId('program-3'))).toContain('12,5'));
    expect(textOf(getByTestId('program-3'))).toContain('por equipo aprobado que recaude');
    expect(queryByTestId('program-new')).toBeNull();
    expect(queryByTestId('program-edit-3')).toBeNull();
  });

  it('creates an affiliate with the web address checked, and shows the server refusal on its field', async () => {
    const api = server([item()], {
      'GET /affiliate/validate-url/ben-b': () => ok({ available: true, url: 'ben-b' }),
      'POST /affiliate': () => ({
        status: 409,
        json: {
          hasError: true,
          code: 'EMAIL_TAKEN',
          message: 'Taken',
          errors: [{ path: 'body.email', message: 'This e-mail is already an affiliate' }],
        },
      }),
    });
    await renderRoute(<AffiliateListPage />, superAdmin, '/affiliates/list');
    await click(getByTestId('affiliate-new'));
    await click(getByTestId('affiliate-create-submit'));
    await waitFor(() =>
      expect(textOf(getByTestId('affiliate-create-dialog'))).toContain('Enter a valid e-mail address'),
    );
    expect(api.callsTo('POST /affiliate')).toEqual([]);

    await type(getByTestId('affiliate-first'), 'Ben');
    await type(getByTestId('affiliate-last'), 'Brown');
    await type(getByTestId('affiliate-email'), 'ben@example.org');
    await type(getByTestId('affiliate-create-slug'), 'ben-b');
    await waitFor(() => expect(getByTestId('affiliate-create-slug-status').dataset.status).toBe('available'), 5000);
    await type(getByTestId('affiliate-website'), 'ben.example.org');
    await click(getByTestId('affiliate-create-submit'));
    await waitFor(() => expect(textOf(getByTestId('affiliate-create-dialog'))).toContain('Enter a full address'));
    await type(getByTestId('affiliate-website'), 'https://ben.example.org');
    await choose('affiliate-program', 'Club partners');
    await click(getByTestId('affiliate-create-submit'));
    await waitFor(() => expect(api.callsTo('POST /affiliate')).toHaveLength(1));
    expect(api.callsTo('POST /affiliate')[0]?.body).toEqual({
      firstName: 'Ben',
      lastName: 'Brown',
      email: 'ben@example.org',
      slug: 'ben-b',
      website: 'https://ben.example.org',
      phone: null,
      bio: null,
      language: 'en',
      programId: 3,
      invite: true,
    });
    await waitFor(() =>
      expect(textOf(getByTestId('affiliate-create-dialog'))).toContain('This e-mail is already an affiliate'),
    );
  });

  it('creates a program: dollars and a percent typed, cents and basis points sent', async () => {
    const api = server([], { 'POST /affiliate/program': () => ok(program({ id: 4 })) });
    await renderRoute(<AffiliateListPage />, superAdmin, '/affiliates/list?tab=programs');
    await click(await waitFor(() => getByTestId('program-new')));
    await type(getByTestId('program-name'), 'Gift partners');
    await type(getByTestId('program-gift-share'), '12.5');
    await type(getByTestId('program-team-flat'), '50');
    await type(getByTestId('program-team-qualify'), '1,000.00');
    await type(getByTestId('program-min-payout'), '25.50');
    await type(getByTestId('program-window'), '45');
    await click(getByTestId('program-submit'));
    await waitFor(() => expect(textOf(getByTestId('program-dialog'))).toContain('required'));
    expect(api.callsTo('POST /affiliate/program')).toEqual([]);
    await type(getByTestId('program-terms'), 'Be honest.');
    await click(getByTestId('program-submit'));
    await waitFor(() => expect(api.callsTo('POST /affiliate/program')).toHaveLength(1));
    expect(api.callsTo('POST /affiliate/program')[0]?.body).toEqual({
      name: 'Gift partners',
      description: null,
      giftShareBps: 1250,
      teamFlatCents: 5000,
      teamQualifyCents: 100_000,
      windowDays: 45,
      attribution: 'last_click',
      minPayoutCents: 2550,
      dueDays: 30,
      terms: 'Be honest.',
      active: true,
    });
    await waitFor(() => expect(queryByTestId('program-dialog')).toBeNull());
  });
});
