import type { NudgeResult } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../../test/network';
import { click, getByTestId, queryByTestId, render, textOf, waitFor } from '../../../../test/render';
import { campaign, node, ok, scope, teamAdmin } from '../../fixtures';
import { NodeDashboardPage } from './NodeDashboardPage';

const box = (id: number) => getByTestId(`at-risk-check-${id}`).querySelector('input') as HTMLInputElement;

describe('the team dashboard: players at risk and the nudge', () => {
  it('shows each player’s reasons and the thresholds, and disables a family reminded in the window', async () => {
    const server = fakeApi({ 'GET /dashboards/node': () => ok(node()) });
    await render(<NodeDashboardPage />, { user: teamAdmin, path: '/dashboard' });
    await waitFor(() => getByTestId('at-risk-101'));
    const section = getByTestId('at-risk');
    expect(textOf(section)).toContain('3 players at risk');
    expect(textOf(section)).toContain('fewer than 5 contacts');
    expect(textOf(section)).toContain('nothing was raised 7 days after');
    expect(textOf(getByTestId('at-risk-101'))).toContain('Fewer than 5 contacts');
    expect(textOf(getByTestId('at-risk-101'))).toContain('Nothing raised after 7 days');
    expect(textOf(getByTestId('at-risk-102'))).toContain('Invitation not accepted');
    expect(box(103).disabled).toBe(true);
    expect(textOf(getByTestId('at-risk-nudged-103'))).toMatch(/^Reminded .*2026/);
    expect(getByTestId<HTMLButtonElement>('nudge-button').disabled).toBe(true);
    server.restore();
  });

  it('confirms how many families, sends the chosen ones and sums up the outcomes', async () => {
    const sent: FakeRequest[] = [];
    const server = fakeApi({
      'GET /dashboards/node': () => ok(node()),
      'POST /dashboards/nudge': (req) => {
        sent.push(req);
        const results: NudgeResult[] = [
          { campaignFundraiserId: 101, outcome: 'sent' },
          { campaignFundraiserId: 102, outcome: 'no_family' },
        ];
        return ok(results);
      },
    });
    await render(<NodeDashboardPage />, { user: teamAdmin, path: '/dashboard' });
    await waitFor(() => getByTestId('at-risk-101'));
    // "Choose all" takes only the families that can be reminded.
    await click(getByTestId('at-risk-all').querySelector('input')!);
    expect([box(101).checked, box(102).checked, box(103).checked]).toEqual([true, true, false]);
    expect(textOf(getByTestId('nudge-button'))).toBe('Nudge 2 families');
    await click(box(102));
    expect(textOf(getByTestId('nudge-button'))).toBe('Nudge 1 family');
    await click(box(102));

    await click(getByTestId('nudge-button'));
    await waitFor(() => getByTestId('nudge-confirm-text'));
    expect(textOf(getByTestId('nudge-confirm-text'))).toMatch(/^2 families will get a reminder/);
    expect(sent).toEqual([]);
    await click(getByTestId('nudge-confirm'));

    await waitFor(() => getByTestId('nudge-summary'));
    expect(sent.map((r) => r.body)).toEqual([{ campaignFundraiserIds: [101, 102] }]);
    expect(textOf(getByTestId('nudge-outcome-sent'))).toBe('1 reminder sent.');
    expect(textOf(getByTestId('nudge-outcome-no_family'))).toBe('1 player has no family to write to.');
    expect(queryByTestId('nudge-outcome-limit')).toBeNull();
    // The list is asked for again (who was reminded, who is still at risk).
    await waitFor(() => expect(server.callsTo('GET /dashboards/node').length).toBe(2));
    expect(box(101).checked).toBe(false);
    server.restore();
  });

  it('shows formatted money from the answer and leaves the onboarding tasks slot to the caller', async () => {
    const server = fakeApi({ 'GET /dashboards/node': () => ok(node()) });
    await render(<NodeDashboardPage nextTasks={(id) => <p>tasks of {id}</p>} />, { user: teamAdmin, language: 'es' });
    await waitFor(() => getByTestId('card-net'));
    expect(getByTestId('card-net').textContent).toBe('1184,56\u00a0US$');
    expect(getByTestId('card-all-time').textContent).toBe('2184,56\u00a0US$');
    // The sponsorship line, apart from the donation figures (decision 019).
    expect(getByTestId('card-sponsorships').textContent).toBe('750\u00a0US$');
    expect(textOf(getByTestId('card-sponsorships').closest('article'))).toContain('3 vendidas');
    expect(textOf(getByTestId('next-tasks-slot'))).toBe('tasks of 3');
    const leaderboard = getByTestId('leaderboard-table');
    const cells = (row: Element | null | undefined) =>
      [...(row?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    expect(cells(leaderboard.querySelector('tbody tr'))).toEqual([
      '1',
      'Ana Ruiz',
      'Spring Drive',
      '450\u00a0US$',
      '4',
    ]);
    expect(cells(getByTestId('funnel-table').querySelector('tbody tr'))).toEqual(['Invitados', '30', '75\u00a0%']);
    server.restore();
  });

  it('hands the BAND nudge slot a team and its campaigns with players at risk, and nothing above a team', async () => {
    const slot = (id: number, cs: { id: number }[]) => (
      <span data-testid="band-slot">{`${id}:${cs.map((c) => c.id)}`}</span>
    );
    let answer = node({ campaigns: [campaign(), campaign({ id: 8, title: 'Fall Drive', slug: 'fall-drive' })] });
    const server = fakeApi({ 'GET /dashboards/node': () => ok(answer) });
    await render(<NodeDashboardPage bandNudge={slot} />, { user: teamAdmin, path: '/dashboard' });
    await waitFor(() => getByTestId('band-slot'));
    // Campaign 8 has nobody at risk: only 7 is offered, in the at-risk section's actions.
    expect(textOf(getByTestId('at-risk').querySelector('[data-testid="band-slot"]'))).toBe('3:7');
    server.restore();

    answer = node({ scope: scope({ organization: { id: 2, name: 'North League', typeId: 2 } }) });
    const league = fakeApi({ 'GET /dashboards/node': () => ok(answer) });
    await render(<NodeDashboardPage bandNudge={slot} />, { user: teamAdmin, path: '/dashboard?organizationId=2' });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="at-risk"]').length).toBe(2));
    expect(document.querySelectorAll('[data-testid="band-slot"]').length).toBe(1);
    league.restore();
  });
});
