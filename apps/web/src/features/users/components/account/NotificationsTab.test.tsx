/**
 * The Notifications tab of account settings (issue 18): one switch per topic that applies to the
 * user, the e-mail language, a save that sends only what changed (PUT /user/notifications, the
 * contract's partial update) with feedback, loading and error states, Spanish, and the Super
 * Admin's product-news sender with its checks and confirmation.
 */
import type { NotificationPreferences, StoredUser } from '@fc/contracts';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { donorUser } from '../../../../lib/auth/test-user';
import { type FakeRequest, fakeApi } from '../../../../test/network';
import { click, getByTestId, queryByTestId, render, textOf, type, waitFor } from '../../../../test/render';
import { NotificationsTab } from './NotificationsTab';

const parent: StoredUser = { ...donorUser, role: 'fundraiser', fundraiser_profile: [{ id: 4 }] };
const superAdmin: StoredUser = { ...donorUser, id: 2, role: 'super_admin', staffRole: 'super_admin' };

const prefs = (over: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  emailLanguage: null,
  language: 'en',
  topics: [
    { id: 'gift_to_player', enabled: true, applies: true },
    { id: 'at_risk_nudge', enabled: true, applies: true },
    { id: 'daily_summary', enabled: true, applies: false },
    { id: 'product_news', enabled: false, applies: true },
  ],
  ...over,
});

const checked = (id: string) => getByTestId<HTMLInputElement>(`notification-${id}`).checked;

async function chooseOption(testId: string, value: string) {
  const input = getByTestId(testId);
  const combo = input.parentElement?.querySelector('[role="combobox"]') as HTMLElement;
  await act(async () => {
    combo.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
  const option = await waitFor(() => {
    const el = document.querySelector(`li[data-value="${value}"]`);
    if (!el) throw new Error(`no option ${value}`);
    return el;
  });
  await click(option);
}

describe('NotificationsTab', { timeout: 30_000 }, () => {
  it('shows only the topics that apply, saves what changed, and says so', async () => {
    let state = prefs();
    const api = fakeApi({
      'GET /user/notifications': () => ({ json: { hasError: false, data: state } }),
      'PUT /user/notifications': (req: FakeRequest) => {
        const body = req.body as { topics?: Record<string, boolean>; emailLanguage?: 'en' | 'es' | null };
        state = {
          ...state,
          emailLanguage: body.emailLanguage === undefined ? state.emailLanguage : body.emailLanguage,
          topics: state.topics.map((x) => ({ ...x, enabled: body.topics?.[x.id] ?? x.enabled })),
        };
        return { json: { hasError: false, data: state, message: 'Saved.' } };
      },
    });
    await render(<NotificationsTab />, { user: parent });
    await waitFor(() => expect(queryByTestId('notification-gift_to_player')).not.toBeNull());
    expect(queryByTestId('notification-daily_summary')).toBeNull();
    expect(checked('gift_to_player')).toBe(true);
    expect(checked('product_news')).toBe(false);
    expect(getByTestId<HTMLButtonElement>('notifications-save').disabled).toBe(true);
    expect(queryByTestId('product-news-open')).toBeNull();

    await click(getByTestId('notification-gift_to_player'));
    expect(checked('gift_to_player')).toBe(false);
    await chooseOption('notification-language', 'es');
    await click(getByTestId('notifications-save'));
    await waitFor(() => expect(api.callsTo('PUT /user/notifications')).toHaveLength(1));
    expect(api.callsTo('PUT /user/notifications')[0]!.body).toEqual({
      topics: { gift_to_player: false },
      emailLanguage: 'es',
    });
    await waitFor(() => expect(document.body.textContent).toContain('Your e-mail choices were saved.'));
    await waitFor(() => expect(getByTestId<HTMLButtonElement>('notifications-save').disabled).toBe(true));
    expect(checked('gift_to_player')).toBe(false);
  });

  it('shows a loading state, then an error with a retry that works', async () => {
    let fail = true;
    const api = fakeApi({
      'GET /user/notifications': () =>
        fail
          ? { status: 500, json: { hasError: true, message: 'The database is resting.' } }
          : { json: { hasError: false, data: prefs() } },
    });
    await render(<NotificationsTab />, { user: parent });
    expect(queryByTestId('notifications-loading')).not.toBeNull();
    await waitFor(() => expect(document.body.textContent).toContain('The database is resting.'));
    fail = false;
    const retry = [...document.querySelectorAll('button')].find((b) => textOf(b) === 'Try again')!;
    await click(retry);
    await waitFor(() => expect(queryByTestId('notification-gift_to_player')).not.toBeNull());
    expect(api.callsTo('GET /user/notifications').length).toBe(2);
  });

  it('speaks Spanish', async () => {
    fakeApi({ 'GET /user/notifications': () => ({ json: { hasError: false, data: prefs({ language: 'es' }) } }) });
    await render(<NotificationsTab />, { user: { ...parent, language: 'es' }, language: 'es' });
    await waitFor(() => expect(queryByTestId('notification-gift_to_player')).not.toBeNull());
    const text = document.body.textContent ?? '';
    expect(text).toContain('Cada donación a mi jugador');
    expect(text).toContain('Idioma de los correos');
    expect(text).toContain('se envían siempre');
    expect(textOf(getByTestId('notifications-save'))).toBe('Guardar');
  });

  it('a Super Admin sends product news: checked fields, a confirmation, then how many it reached', async () => {
    const api = fakeApi({
      'GET /user/notifications': () => ({
        json: {
          hasError: false,
          data: prefs({ topics: [{ id: 'product_news', enabled: true, applies: true }] }),
        },
      }),
      'POST /admin/notifications/product-news': () => ({ json: { hasError: false, data: { recipients: 42 } } }),
    });
    await render(<NotificationsTab />, { user: superAdmin });
    await waitFor(() => expect(queryByTestId('product-news-open')).not.toBeNull());
    await click(getByTestId('product-news-open'));
    await waitFor(() => expect(queryByTestId('product-news-dialog')).not.toBeNull());
    await type(getByTestId('product-news-subjectEn'), 'Hi');
    await click(getByTestId('product-news-send'));
    await waitFor(() => expect(document.body.textContent).toContain('Write a subject of 3 to 150 characters.'));
    expect(api.callsTo('POST /admin/notifications/product-news')).toHaveLength(0);

    await type(getByTestId('product-news-subjectEn'), 'New: team messages');
    await type(getByTestId('product-news-messageEn'), 'You can now message your team.');
    await type(getByTestId('product-news-subjectEs'), 'Nuevo: mensajes');
    await type(getByTestId('product-news-messageEs'), 'Ahora puedes escribir a tu equipo.');
    await click(getByTestId('product-news-send'));
    await waitFor(() => expect(queryByTestId('confirm-dialog')).not.toBeNull());
    expect(api.callsTo('POST /admin/notifications/product-news')).toHaveLength(0);
    await click(getByTestId('confirm-button'));
    await waitFor(() => expect(queryByTestId('product-news-result')).not.toBeNull());
    expect(textOf(getByTestId('product-news-result'))).toBe('Sent to 42 people.');
    expect(api.callsTo('POST /admin/notifications/product-news')[0]!.body).toEqual({
      subjectEn: 'New: team messages',
      messageEn: 'You can now message your team.',
      subjectEs: 'Nuevo: mensajes',
      messageEs: 'Ahora puedes escribir a tu equipo.',
    });
  });
});
