import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/network';
import { click, getByTestId, render, waitFor } from '../../../../test/render';
import { analytics, ok, superAdmin } from '../../fixtures';
import { AnalyticsPage } from './AnalyticsPage';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}
const search = () => new URLSearchParams(getByTestId('where').textContent ?? '');
const rowsOf = (testId: string) =>
  [...getByTestId(testId).querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

/** The range control is a lazy chunk: its first load (a cold module transform) can take seconds. */
const LAZY = 15_000;

async function open(path: string) {
  const server = fakeApi({ 'GET /dashboards/analytics': () => ok(analytics()) });
  await render(
    <>
      <AnalyticsPage />
      <Where />
    </>,
    { user: superAdmin, path },
  );
  await waitFor(() => getByTestId('table-children'));
  return server;
}

describe('the analytics page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('drills into a child node: its id goes in the address (with the range) and the API is asked for it', async () => {
    const server = await open('/dashboard/analytics?organizationId=2&from=2026-01-01&to=2026-06-30&interval=month');
    expect(server.callsTo('GET /dashboards/analytics')[0]!.query.get('interval')).toBe('month');
    await click(getByTestId('drill-3'));
    expect(search().get('organizationId')).toBe('3');
    expect([search().get('from'), search().get('to'), search().get('interval')]).toEqual([
      '2026-01-01',
      '2026-06-30',
      'month',
    ]);
    await waitFor(() => expect(server.callsTo('GET /dashboards/analytics').length).toBe(2));
    expect(server.callsTo('GET /dashboards/analytics')[1]!.query.get('organizationId')).toBe('3');
    server.restore();
  });

  it('goes back up the trail from its breadcrumbs', async () => {
    const server = await open('/dashboard/analytics?organizationId=2');
    const trail = await waitFor(() => getByTestId('scope-trail'), LAZY);
    expect(trail.textContent).toContain('State Association');
    expect(trail.querySelector('[aria-current="page"]')?.textContent).toBe('North League');
    await click([...trail.querySelectorAll('button')].find((b) => b.textContent === 'State Association')!);
    expect(search().get('organizationId')).toBe('1');
    server.restore();
  });

  it('switches the interval in the address', async () => {
    const server = await open('/dashboard/analytics?organizationId=2');
    await click(await waitFor(() => getByTestId('interval-day'), LAZY));
    expect(search().get('interval')).toBe('day');
    await waitFor(() => expect(server.callsTo('GET /dashboards/analytics').at(-1)!.query.get('interval')).toBe('day'));
    server.restore();
  });

  it('shows the breakdowns and the comparison as tables of formatted money', async () => {
    const server = await open('/dashboard/analytics?organizationId=2');
    expect(rowsOf('table-children')).toEqual([
      ['Tigers', '$1,000', '$1,040', '$40', '10'],
      ['Lions', '$184.56', '$194.56', '$10', '2'],
    ]);
    expect(rowsOf('comparison-table')[0]).toEqual(['Raised (net)', '$1,184.56', '$592.28', '+100%']);
    expect(getByTestId('card-median').textContent).toBe('$50');
    await click(getByTestId('series-as-table'));
    expect(rowsOf('series-table')[1]).toEqual(['Nov 16, 2026', '$2,500.75', '5', '$0']);
    server.restore();
  });

  it('asks a Super Admin to choose an organization first, and asks the API nothing until then', async () => {
    const server = fakeApi({ 'GET /dashboards/analytics': () => ok(analytics()) });
    await render(<AnalyticsPage />, { user: superAdmin, path: '/dashboard/analytics' });
    await waitFor(() => getByTestId('dashboard-prompt'));
    expect(getByTestId('dashboard-prompt').textContent).toBe('Choose an organization above to see its figures.');
    expect(server.callsTo('GET /dashboards/analytics')).toEqual([]);
    server.restore();
  });

  describe('CSV downloads', () => {
    let saved: { name: string; blob: Blob } | null = null;
    beforeEach(() => {
      saved = null;
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        const blob = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[0] as Blob;
        saved = { name: this.download, blob };
      });
    });

    it('fetches one table with the same query and the Bearer token (none in the address)', async () => {
      const server = await open('/dashboard/analytics?organizationId=2&from=2026-01-01&to=2026-06-30');
      const csv = vi.fn(
        async (_url: RequestInfo | URL, _init?: RequestInit) =>
          new Response('campaign,net\r\nSpring Drive,1184.56\r\n', {
            headers: { 'Content-Disposition': 'attachment; filename="analytics-campaigns.csv"' },
          }),
      );
      vi.stubGlobal('fetch', csv);
      await click(getByTestId('csv-campaigns'));
      await waitFor(() => expect(saved?.name).toBe('analytics-campaigns.csv'));
      const [url, init] = csv.mock.calls[0]!;
      const u = new URL(String(url), 'http://localhost');
      expect(u.pathname).toBe('/api/v1/dashboards/analytics.csv');
      expect(Object.fromEntries(u.searchParams)).toEqual({
        table: 'campaigns',
        organizationId: '2',
        from: '2026-01-01',
        to: '2026-06-30',
        interval: 'week',
      });
      expect(String(url)).not.toContain('test-access-token');
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-access-token');
      expect(await saved?.blob.text()).toContain('Spring Drive,1184.56');
      server.restore();
    });
  });
});
