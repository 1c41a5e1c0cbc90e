import { describe, expect, it } from 'vitest';
import { donorUser } from '../../../../lib/auth/test-user';
import { fakeApi } from '../../../../test/network';
import { getByTestId, render, textOf, waitFor } from '../../../../test/render';
import { fundraiser, ok } from '../../fixtures';
import { FundraiserDashboardPage } from './FundraiserDashboardPage';

describe('the family dashboard', () => {
  it('shows each player’s progress and the next step as a link to the page where it is done', async () => {
    const server = fakeApi({ 'GET /dashboards/fundraiser': () => ok(fundraiser()) });
    await render(<FundraiserDashboardPage />, { user: { ...donorUser, role: 'fundraiser' } });
    await waitFor(() => getByTestId('fr-card-201'));
    expect(textOf(getByTestId('fr-card-201'))).toContain('$120 raised of $300');
    expect(getByTestId('next-step-201').getAttribute('href')).toBe('/fundraisers/60/campaign/7');
    expect(textOf(getByTestId('next-step-201'))).toBe('Invite contacts');
    expect(getByTestId('next-step-202').getAttribute('href')).toBe('/onboarding/campaign/accept-invite/202');
    const publicLink = [...getByTestId('fr-card-201').querySelectorAll('a')].find((a) => textOf(a) === 'Public page');
    expect(publicLink?.getAttribute('href')).toBe('/fundraisers/eva-cruz-spring');
    server.restore();
  });

  it('offers to retry when the dashboard cannot be read', async () => {
    let fail = true;
    const server = fakeApi({
      'GET /dashboards/fundraiser': () =>
        fail ? { status: 500, json: { hasError: true, message: 'Boom' } } : ok(fundraiser()),
    });
    await render(<FundraiserDashboardPage />, { user: { ...donorUser, role: 'fundraiser' } });
    const retry = await waitFor(() => {
      const b = [...document.querySelectorAll('button')].find((x) => textOf(x) === 'Try again');
      if (!b) throw new Error('no retry');
      return b;
    });
    fail = false;
    retry.click();
    await waitFor(() => getByTestId('fr-card-201'));
    server.restore();
  });
});
