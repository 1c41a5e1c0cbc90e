import { act } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/network';
import { getByTestId, render, textOf, type, waitFor } from '../../../../test/render';
import { admin, ok, superAdmin } from '../../fixtures';
import { AdminDashboardPage } from '../admin/AdminDashboardPage';

/** A lazy chunk's first load (the test's module transform on a cold, shared machine). */
const LAZY = 15_000;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}
const search = () => new URLSearchParams(getByTestId('where').textContent ?? '');

/** Today and `days` days before it, as UTC dates, computed here without the app's code. */
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('the range and node control (the same on every dashboard, kept in the address)', () => {
  it('reads the range and node from the address and asks the API for them', async () => {
    const server = fakeApi({ 'GET /dashboards/admin': () => ok(admin()) });
    await render(
      <>
        <AdminDashboardPage />
        <Where />
      </>,
      { user: superAdmin, path: '/dashboard/admin?from=2026-01-01&to=2026-01-31&organizationId=3' },
    );
    await waitFor(() => expect(server.callsTo('GET /dashboards/admin').length).toBe(1));
    const q = server.callsTo('GET /dashboards/admin')[0]!.query;
    expect([q.get('from'), q.get('to'), q.get('organizationId')]).toEqual(['2026-01-01', '2026-01-31', '3']);
    // The control's fields arrive in a chunk of their own, after the figures.
    await waitFor(() => expect(getByTestId<HTMLSelectElement>('range-preset').value).toBe('custom'), LAZY);
    expect(getByTestId<HTMLInputElement>('range-from').value).toBe('01/01/2026');
    expect(getByTestId<HTMLInputElement>('range-to').value).toBe('01/31/2026');
    server.restore();
  });

  it('writes a preset as its dates, keeps the node, and asks again', async () => {
    const server = fakeApi({ 'GET /dashboards/admin': () => ok(admin()) });
    await render(
      <>
        <AdminDashboardPage />
        <Where />
      </>,
      { user: superAdmin, path: '/dashboard/admin?organizationId=3' },
    );
    await waitFor(() => getByTestId('card-net'));
    // No dates in the address: the API's default, the last 90 days.
    await waitFor(() => expect(getByTestId<HTMLSelectElement>('range-preset').value).toBe('last90'), LAZY);
    await choose(getByTestId<HTMLSelectElement>('range-preset'), 'last30');
    expect(search().get('from')).toBe(utcDay(29));
    expect(search().get('to')).toBe(utcDay(0));
    expect(search().get('organizationId')).toBe('3');
    await waitFor(() => expect(server.callsTo('GET /dashboards/admin').length).toBe(2));
    expect(server.callsTo('GET /dashboards/admin')[1]!.query.get('from')).toBe(utcDay(29));
    expect(getByTestId<HTMLSelectElement>('range-preset').value).toBe('last30');

    await choose(getByTestId<HTMLSelectElement>('range-preset'), 'thisYear');
    expect(search().get('from')).toBe(`${utcDay(0).slice(0, 4)}-01-01`);
    server.restore();
  });

  it('takes a custom range once both dates are read, and refuses an end before the start', async () => {
    const server = fakeApi({ 'GET /dashboards/admin': () => ok(admin()) });
    await render(
      <>
        <AdminDashboardPage />
        <Where />
      </>,
      { user: superAdmin, path: '/dashboard/admin' },
    );
    await waitFor(() => getByTestId('card-net'));
    await choose(await waitFor(() => getByTestId<HTMLSelectElement>('range-preset'), LAZY), 'custom');
    // The fields start from the range the dashboard answered for.
    expect(getByTestId<HTMLInputElement>('range-from').value).toBe('09/01/2026');
    await type(getByTestId('range-from'), '03/02/2026');
    expect([search().get('from'), search().get('to')]).toEqual(['2026-03-02', '2026-11-26']);
    await type(getByTestId('range-to'), '03/01/2026');
    expect(search().get('to')).toBe('2026-11-26');
    expect(textOf(document.body)).toContain('The end date must be on or after the start date.');
    await type(getByTestId('range-to'), '04/30/2026');
    expect([search().get('from'), search().get('to')]).toEqual(['2026-03-02', '2026-04-30']);
    expect(getByTestId<HTMLSelectElement>('range-preset').value).toBe('custom');
    server.restore();
  });
});
