/**
 * The Sponsorships tab: the opportunities with what is left, the sponsors' filter chips and search
 * as the query of GET /admin/sponsorship (contract sponsorListQuerySchema) and its CSV, the summary,
 * logo approval and rejection (a reason is required), refunds through the donations' refund call,
 * the API's 409 when deleting, and readers who see no write action.
 */
import type { Sponsor } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi, type Handler } from '../../../test/network';
import { click, getByTestId, queryByTestId, textOf, type, waitFor } from '../../../test/render';
import { ok, opportunity, renderWith, sponsor, sponsorList } from '../test/fixtures';
import { SponsorshipsTab } from './SponsorshipsTab';

function server(rows: Sponsor[], extra: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /admin/sponsorship_opportunity': () =>
      ok([
        opportunity(),
        opportunity({ id: 32, name: 'Scoreboard', quantity: 1, sold: 1, held: 0, left: 0, slug: 'scoreboard' }),
        opportunity({
          id: 33,
          name: 'Friend of the team',
          quantity: null,
          left: null,
          sold: 0,
          held: 0,
          slug: 'friend',
        }),
      ]),
    'GET /admin/sponsorship.csv': () => ({ json: 'id\n' }),
    'GET /admin/sponsorship': (req: FakeRequest) => {
      const q = req.query.get('q')?.toLowerCase();
      return sponsorList(rows.filter((r) => !q || r.buyer.lastName.toLowerCase().includes(q)));
    },
    ...extra,
  });
}
const lastList = (api: ReturnType<typeof server>) =>
  Object.fromEntries(api.calls.filter((c) => c.path === '/admin/sponsorship').at(-1)?.query ?? []);

describe('SponsorshipsTab', { timeout: 30_000 }, () => {
  it('lists opportunities and sponsors; chips and search become the query; the CSV asks the same', async () => {
    const api = server([
      sponsor(),
      sponsor({ id: 71, buyer: { firstName: 'Lee', lastName: 'Ortiz', email: 'l@x.example' } }),
    ]);
    await renderWith(<SponsorshipsTab owner={{ organizationId: 21 }} canManage />);
    await waitFor(() => expect(queryByTestId('opportunity-31')).not.toBeNull());
    expect(textOf(getByTestId('opportunity-left-31'))).toBe('2 of 5 left');
    expect(textOf(getByTestId('opportunity-left-32'))).toBe('Sold out');
    expect(textOf(getByTestId('opportunity-left-33'))).toBe('Unlimited');
    expect(textOf(getByTestId('opportunity-figures-31'))).toContain('$500.00');
    await waitFor(() => expect(queryByTestId('sponsor-70')).not.toBeNull());
    expect(textOf(getByTestId('sponsor-70'))).toContain('$200.00');
    expect(textOf(getByTestId('summary-revenue'))).toBe('$500.00');
    expect(lastList(api)).toEqual({ organizationId: '21', filter: 'all', page: '1', perPage: '10', sort: 'desc' });

    await click(getByTestId('sponsor-filter-awaiting_approval'));
    await waitFor(() => expect(lastList(api).filter).toBe('awaiting_approval'));
    expect(getByTestId('sponsor-filter-awaiting_approval').getAttribute('aria-pressed')).toBe('true');
    await type(getByTestId('sponsors-search'), ' ortiz ');
    await waitFor(() => expect(lastList(api).q).toBe('ortiz'));
    await waitFor(() => expect(queryByTestId('sponsor-70')).toBeNull());

    await click(getByTestId('sponsors-csv'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/admin/sponsorship.csv')).toBe(true));
    const csv = Object.fromEntries(api.calls.find((c) => c.path === '/admin/sponsorship.csv')?.query ?? []);
    expect(csv).toEqual({ organizationId: '21', filter: 'awaiting_approval', q: 'ortiz', sort: 'desc' });
  });

  it('rejects a logo only with a reason, and approves one after confirming', async () => {
    const rejected: unknown[] = [];
    const api = server([sponsor()], {
      'POST /admin/sponsorship/70/logo/reject': (req) => {
        rejected.push(req.body);
        return ok(sponsor({ logoStatus: 'rejected' }));
      },
      'POST /admin/sponsorship/70/logo/approve': () => ok(sponsor({ logoStatus: 'approved' })),
    });
    await renderWith(<SponsorshipsTab owner={{ campaignId: 4 }} canManage />);
    await waitFor(() => expect(queryByTestId('sponsor-reject-70')).not.toBeNull());
    await click(getByTestId('sponsor-reject-70'));
    await click(getByTestId('reject-submit'));
    await waitFor(() => expect(getByTestId('reject-dialog').textContent).toMatch(/required|at least/i));
    expect(rejected).toHaveLength(0);
    await type(getByTestId('reject-reason'), 'The logo is blurry; send a larger file.');
    await click(getByTestId('reject-submit'));
    await waitFor(() => expect(rejected).toEqual([{ reason: 'The logo is blurry; send a larger file.' }]));
    await waitFor(() => expect(queryByTestId('reject-dialog')).toBeNull());

    await click(getByTestId('sponsor-approve-70'));
    expect(api.calls.some((c) => c.path.endsWith('/logo/approve'))).toBe(false);
    await click(getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/admin/sponsorship/70/logo/approve')).toBe(true));
    expect(lastList(api)).toMatchObject({ campaignId: '4' });
  });

  it('refunds the whole payment through the donations refund call, with a reason', async () => {
    const refunds: FakeRequest[] = [];
    server([sponsor()], {
      'POST /donation/900/refund': (req) => {
        refunds.push(req);
        return ok({ id: 900 });
      },
    });
    await renderWith(<SponsorshipsTab owner={{ organizationId: 21 }} canManage />);
    await waitFor(() => expect(queryByTestId('sponsor-refund-70')).not.toBeNull());
    expect(getByTestId('sponsor-payment-70').getAttribute('href')).toBe('/donations/view/900');
    await click(getByTestId('sponsor-refund-70'));
    expect(textOf(getByTestId('refund-dialog'))).toContain('$250.00');
    await click(getByTestId('refund-submit'));
    expect(refunds).toHaveLength(0);
    await type(getByTestId('refund-reason'), 'Sponsor withdrew');
    await click(getByTestId('refund-submit'));
    await waitFor(() => expect(refunds).toHaveLength(1));
    const body = refunds[0]?.body as Record<string, unknown>;
    expect(body.reason).toBe('Sponsor withdrew');
    expect(body).not.toHaveProperty('amountCents');
    expect(String(body.requestKey)).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it("shows the API's 409 when an opportunity cannot be deleted", async () => {
    server([], {
      'DELETE /admin/sponsorship_opportunity/33': () => ({
        status: 409,
        json: { hasError: true, code: 'CONFLICT', message: 'A unit was held: archive it instead.' },
      }),
    });
    await renderWith(<SponsorshipsTab owner={{ organizationId: 21 }} canManage />);
    await waitFor(() => expect(queryByTestId('opportunity-delete-33')).not.toBeNull());
    expect(getByTestId<HTMLButtonElement>('opportunity-delete-31').disabled).toBe(true);
    await click(getByTestId('opportunity-delete-33'));
    await click(getByTestId('confirm-button'));
    await waitFor(() => expect(document.body.textContent).toContain('A unit was held: archive it instead.'));
  });

  it('shows readers no write action', async () => {
    server([sponsor()]);
    await renderWith(<SponsorshipsTab owner={{ organizationId: 21 }} canManage={false} />);
    await waitFor(() => expect(queryByTestId('sponsor-70')).not.toBeNull());
    for (const id of [
      'opportunity-new',
      'opportunity-edit-31',
      'sponsors-offline',
      'sponsor-reject-70',
      'sponsor-refund-70',
    ])
      expect(queryByTestId(id)).toBeNull();
  });
});
