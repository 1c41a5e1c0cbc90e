/**
 * A team's BAND tab: linking the user's account in a popup (the state refreshed when the popup
 * closes), its health (expired → Reconnect), picking the team's band among the user's bands
 * (bands where one cannot post are not choosable), unlinking and disconnecting after a
 * confirmation, read-only for non-managers, and the posts with their state and pages.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type Handler } from '../../../../test/network';
import { click, getByTestId, queryByTestId, textOf, waitFor } from '../../../../test/render';
import { account, bands, linked, ok, page, post, renderWith } from '../../test/fixtures';
import { BandTab } from './BandTab';

const node = { id: 21, name: 'Austin Tigers 12U' };

function server(over: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /band/account': () => ok({ account: account() }),
    'GET /band/bands': () => ok(bands),
    'GET /orgs/21/band': () => ok({ link: null, canManage: true }),
    'GET /orgs/21/band/posts': () => page([]),
    ...over,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('BandTab', { timeout: 30_000 }, () => {
  it('links the account in a popup pointed at the connect URL and refreshes when the popup closes', async () => {
    let linkedYet = false;
    const api = server({
      'GET /band/account': () => ok({ account: linkedYet ? account() : null }),
      'GET /band/connect-url': () => ok({ url: '/api/v1/band/sandbox/authorize?state=s1', provider: 'sandbox' }),
    });
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await renderWith(<BandTab node={node} />);
    await waitFor(() => getByTestId('band-account-none'));
    expect(getByTestId('band-team-need-account')).toBeTruthy();
    await click(getByTestId('band-link-account'));
    await waitFor(() => getByTestId('band-connect-waiting'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.location.href).toBe(`${window.location.origin}/api/v1/band/sandbox/authorize?state=s1`);
    expect(api.calls.find((c) => c.path === '/band/connect-url')?.query.get('organizationId')).toBe('21');

    linkedYet = true;
    popup.closed = true;
    await waitFor(() => expect(textOf(getByTestId('band-account-name'))).toContain('Tess Coach'), 4000);
    expect(textOf(getByTestId('band-account-status'))).toBe('Connected');
    expect(queryByTestId('band-connect-waiting')).toBeNull();
  });

  it('offers the link when the browser blocks the popup', async () => {
    server({
      'GET /band/account': () => ok({ account: null }),
      'GET /band/connect-url': () => ok({ url: 'https://auth.band.us/oauth2/authorize?state=s2', provider: 'real' }),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderWith(<BandTab node={node} />);
    await click(await waitFor(() => getByTestId('band-link-account')));
    const blocked = await waitFor(() => getByTestId('band-connect-blocked'));
    expect(blocked.querySelector('a')?.getAttribute('href')).toBe('https://auth.band.us/oauth2/authorize?state=s2');
  });

  it("picks the team's band among the user's bands: only those where they can post", async () => {
    let state = { link: null, canManage: true } as ReturnType<typeof linked> | { link: null; canManage: boolean };
    const api = server({
      'GET /orgs/21/band': () => ok(state),
      'PUT /orgs/21/band': () => {
        state = linked();
        return ok(state);
      },
    });
    await renderWith(<BandTab node={node} />);
    await waitFor(() => getByTestId('band-team-none'));
    await waitFor(() => getByTestId('band-team-select'));
    expect(getByTestId<HTMLButtonElement>('band-team-save').disabled).toBe(true);
    await act(async () => {
      getByTestId('band-team-select')
        .querySelector('[role="combobox"]')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    });
    const parents = await waitFor(() => getByTestId('band-option-AAparents'));
    expect(parents.getAttribute('aria-disabled')).toBe('true');
    expect(textOf(parents)).toBe('Tigers parents · 1 member · you cannot post here');
    expect(textOf(getByTestId('band-option-AAtigers'))).toBe('Austin Tigers 12U · 24 members');
    await click(getByTestId('band-option-AAtigers'));
    await click(getByTestId('band-team-save'));
    await waitFor(() => expect(textOf(getByTestId('band-team-linked'))).toBe('Posts go to Austin Tigers 12U'));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ bandKey: 'AAtigers' }]);
    expect(textOf(getByTestId('band-team-status'))).toBe('Connected');
  });

  it('unlinks the team and disconnects the account only after a confirmation', async () => {
    let connected = true;
    const api = server({
      'GET /band/account': () => ok({ account: connected ? account() : null }),
      'GET /band/bands': () =>
        connected ? ok(bands) : { status: 409, json: { hasError: true, code: 'BAND_NOT_CONNECTED', message: 'No.' } },
      'GET /orgs/21/band': () => ok(linked()),
      'DELETE /orgs/21/band': () => ok({}),
      'DELETE /band/account': () => {
        connected = false;
        return ok({});
      },
    });
    await renderWith(<BandTab node={node} />);
    await click(await waitFor(() => getByTestId('band-team-unlink')));
    expect(textOf(getByTestId('confirm-dialog'))).toContain('Nothing more will be posted to Austin Tigers 12U');
    await click(
      [...document.querySelectorAll('[data-testid="confirm-dialog"] button')].find((b) => textOf(b) === 'Cancel')!,
    );
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await click(getByTestId('band-team-unlink'));
    await click(getByTestId('confirm-button'));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/orgs/21/band']),
    );

    await waitFor(() => expect(queryByTestId('confirm-dialog')).toBeNull());
    await click(getByTestId('band-disconnect'));
    expect(textOf(getByTestId('confirm-dialog'))).toContain('Disconnect your BAND account?');
    await click(getByTestId('confirm-button'));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        '/orgs/21/band',
        '/band/account',
      ]),
    );
    await waitFor(() => getByTestId('band-account-none'));
    // Without an account its bands are not asked for again (the API would refuse them).
    const disconnectedAt = api.calls.findIndex((c) => c.method === 'DELETE' && c.path === '/band/account');
    expect(api.calls.slice(disconnectedAt).filter((c) => c.path === '/band/bands')).toEqual([]);
  });

  it('shows an expired account with Reconnect and the team link it breaks', async () => {
    server({
      'GET /band/account': () => ok({ account: account({ status: 'expired' }) }),
      'GET /orgs/21/band': () => ok(linked({ accountStatus: 'expired' })),
    });
    await renderWith(<BandTab node={node} />);
    await waitFor(() => getByTestId('band-reconnect'));
    expect(textOf(getByTestId('band-account-status'))).toBe('Expired');
    expect(getByTestId('band-account-expired')).toBeTruthy();
    expect(getByTestId('band-team-expired')).toBeTruthy();
    // An expired account cannot list bands: no picker, no call.
    expect(queryByTestId('band-team-change')).toBeNull();
  });

  it('is read-only for those who do not manage the team', async () => {
    const api = server({ 'GET /orgs/21/band': () => ok({ ...linked(), canManage: false }) });
    await renderWith(<BandTab node={node} />);
    await waitFor(() => getByTestId('band-team-readonly'));
    expect(queryByTestId('band-team-unlink')).toBeNull();
    expect(queryByTestId('band-team-select')).toBeNull();
    expect(api.calls.some((c) => c.path === '/band/bands')).toBe(false);
  });

  it('lists the posts with their state, last error and pages', async () => {
    const rows = [
      post({
        id: 503,
        status: 'failed',
        attempts: 5,
        lastError: 'BAND_NOT_MEMBER',
        postedAt: null,
        kind: 'goal_reached',
      }),
      post({ id: 502, status: 'queued', attempts: 1, lastError: 'BAND_COOLDOWN', postedAt: null, doPush: true }),
      post(),
    ];
    const api = server({
      'GET /orgs/21/band': () => ok(linked()),
      'GET /orgs/21/band/posts': (req) =>
        req.query.get('page') === '2' ? page([post({ id: 400 })], 11) : page(rows, 11),
    });
    await renderWith(<BandTab node={node} />);
    await waitFor(() => getByTestId('band-post-503'));
    expect(getByTestId('band-post-status-503').getAttribute('data-status')).toBe('failed');
    expect(textOf(getByTestId('band-post-503'))).toContain('Goal reached');
    expect(textOf(getByTestId('band-post-503'))).toContain('5 attempts');
    expect(textOf(getByTestId('band-post-503'))).toContain('no longer a member of this band');
    expect(textOf(getByTestId('band-post-502'))).toContain('with a push notification');
    expect(textOf(getByTestId('band-post-502'))).toContain('BAND asked to wait');
    expect(textOf(getByTestId('band-post-status-501'))).toBe('Posted');
    const next = getByTestId('band-posts-pagination').querySelector<HTMLButtonElement>(
      'button[aria-label="Go to next page"]',
    );
    await click(next!);
    await waitFor(() => getByTestId('band-post-400'));
    expect(
      api.calls
        .filter((c) => c.path === '/orgs/21/band/posts')
        .at(-1)
        ?.query.get('pageSize'),
    ).toBe('10');
  });

  it('speaks Spanish', async () => {
    server({ 'GET /orgs/21/band': () => ok(linked()), 'GET /orgs/21/band/posts': () => page([post()]) });
    await renderWith(<BandTab node={node} />, 'es');
    await waitFor(() => getByTestId('band-post-501'));
    expect(textOf(getByTestId('band-team-linked'))).toBe('Las publicaciones van a Austin Tigers 12U');
    expect(textOf(getByTestId('band-post-status-501'))).toBe('Publicada');
    expect(textOf(getByTestId('band-account-status'))).toBe('Conectada');
    expect(textOf(getByTestId('band-posts-pagination'))).toContain('1–1 de 1');
  });
});
