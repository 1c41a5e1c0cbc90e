/**
 * The BAND logo button: hidden from those who do not manage the team, an explanation with the way
 * to the team's BAND tab when no band is linked, and otherwise the preview, the push toggle and
 * Send as POST /orgs/{id}/band/posts, with the queued post followed until it is posted.
 */
import { describe, expect, it } from 'vitest';
import { fakeApi, type Handler } from '../../../../test/network';
import { click, getByTestId, queryByTestId, textOf, type, waitFor } from '../../../../test/render';
import { linked, ok, page, post, renderWith } from '../../test/fixtures';
import { BandPostButton } from './BandPostButton';

const campaign = { id: 77, title: 'Spring Drive', slug: 'spring-drive', goalCents: 500_000, raisedCents: 125_000 };

function server(over: Record<string, Handler> = {}) {
  return fakeApi({ 'GET /orgs/21/band': () => ok(linked()), 'GET /orgs/21/band/posts': () => page([]), ...over });
}

const button = (kinds = ['campaign_launch', 'campaign_invite'] as const) =>
  renderWith(<BandPostButton organizationId={21} kinds={kinds} campaigns={[campaign]} />);

describe('BandPostButton', { timeout: 30_000 }, () => {
  it('is not shown to those who do not manage the team, nor for a node without a band', async () => {
    const api = server({ 'GET /orgs/21/band': () => ok({ ...linked(), canManage: false }) });
    await button();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toEqual(['/orgs/21/band']));
    await waitFor(() => expect(document.body.textContent).toBe(''));
    expect(queryByTestId('band-post-button')).toBeNull();
  });

  it('explains how to link a band when the team has none', async () => {
    const api = server({ 'GET /orgs/21/band': () => ok({ link: null, canManage: true }) });
    await button();
    await click(await waitFor(() => getByTestId('band-post-button')));
    expect(getByTestId('band-post-no-link')).toBeTruthy();
    expect(getByTestId('band-post-go-team').getAttribute('href')).toBe('/orgs/teams/view/21?tab=band');
    expect(queryByTestId('band-post-send')).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('previews, sends with the push choice, and follows the post until it is posted', async () => {
    let status: 'queued' | 'posted' = 'queued';
    const queued = post({ id: 601, status: 'queued', postedAt: null, attempts: 0, doPush: true, created: true });
    const api = server({
      'POST /orgs/21/band/posts': () => ({ status: 201, json: { hasError: false, data: queued } }),
      'GET /orgs/21/band/posts': () =>
        page([post({ ...queued, status, postedAt: status === 'posted' ? queued.createdAt : null })]),
    });
    await button();
    const logo = await waitFor(() => getByTestId('band-post-button'));
    expect(logo.getAttribute('aria-label')).toBe('Post to BAND');
    expect(logo.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await click(logo);
    expect(textOf(getByTestId('band-post-to'))).toBe('To Austin Tigers 12U');
    expect(textOf(getByTestId('band-post-preview'))).toContain(
      'Spring Drive is live! Help us reach our goal of $5,000: give, and share the page.',
    );
    await type(getByTestId('band-post-line'), 'Go Tigers!');
    expect(textOf(getByTestId('band-post-preview')).startsWith('Go Tigers!')).toBe(true);
    await click(getByTestId('band-post-push').querySelector('input')!);
    await click(getByTestId('band-post-send'));
    await waitFor(() => getByTestId('band-post-result'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { kind: 'campaign_launch', campaignId: 77, doPush: true, message: 'Go Tigers!' },
    ]);
    expect(getByTestId('band-post-result-status').getAttribute('data-status')).toBe('queued');
    status = 'posted';
    await waitFor(
      () => expect(getByTestId('band-post-result-status').getAttribute('data-status')).toBe('posted'),
      6000,
    );
  });

  it('says so when the event was already posted', async () => {
    server({
      'POST /orgs/21/band/posts': () => ok(post({ created: false })),
    });
    await button(['campaign_invite'] as never);
    await click(await waitFor(() => getByTestId('band-post-button')));
    expect(textOf(getByTestId('band-post-kind-label'))).toBe('Invitation to join');
    await click(getByTestId('band-post-send'));
    await waitFor(() => expect(textOf(getByTestId('band-post-result'))).toContain('already sent'));
  });

  it('shows why the API refused', async () => {
    server({
      'POST /orgs/21/band/posts': () => ({
        status: 409,
        json: { hasError: true, code: 'BAND_TEAM_NOT_LINKED', message: 'This team has no band linked.' },
      }),
    });
    await button();
    await click(await waitFor(() => getByTestId('band-post-button')));
    await click(getByTestId('band-post-send'));
    await waitFor(() => expect(textOf(getByTestId('band-post-error'))).toBe('This team has no band linked.'));
  });
});
