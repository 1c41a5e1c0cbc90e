/**
 * Issue 18, notification preferences on the demo seed: the demo family turns a topic off and
 * product news on in Account settings › Notifications (Chromium, 1440 px), read back through the
 * API; the Super Admin sends product news from the same tab; the family's Spanish e-mail, read
 * from the stored outbox, carries a one-click link whose page (no sign-in, 390 px, Spanish) opts
 * them out, read back through the API. axe on each screen. Screenshots:
 * .tmp/screenshots/notifications-*.png.
 */
import type { NotificationPreferences } from '@fc/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { login } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { outboxFor } from '../support/campaigns';
import { apiCall, apiLogin } from '../support/env';
import { stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';

const FAMILY = 'parent@demo.test';
const SUPER = 'super@demo.test';
const UNSUBSCRIBE_LINK = /https?:\/\/\S+\/unsubscribe\?t=[^\s)"<]+/;

const prefsOf = async (email: string) =>
  (await apiCall<{ data: NotificationPreferences }>('GET', '/user/notifications', undefined, await apiLogin(email)))
    .data;
const enabled = (p: NotificationPreferences) => Object.fromEntries(p.topics.map((x) => [x.id, x.enabled]));

/** axe once the colour transitions have ended. */
async function scan(page: Page, label: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  await axeScan(page, label);
}

async function openTab(page: Page) {
  await page.goto('/pages/account-settings?tab=notifications');
  await page.getByTestId('notifications-save').waitFor();
}

describe('notification preferences', () => {
  const { open } = useBrowser();

  afterAll(async () => {
    try {
      const token = await apiLogin(FAMILY);
      await apiCall(
        'PUT',
        '/user/notifications',
        { emailLanguage: null, topics: { gift_to_player: true, product_news: false } },
        token,
      );
      await apiCall('PATCH', '/user', { language: 'en' }, token);
    } catch (err) {
      console.warn(`[notifications] could not restore ${FAMILY}'s choices: ${(err as Error).message}`);
    }
  });

  it('the family turns gift e-mails off, product news on and Spanish e-mails; the API reads it back', async () => {
    const { page } = await open({ viewport: WIDE });
    await login(page, FAMILY);
    await openTab(page);
    await page.getByTestId('notification-gift_to_player').waitFor();
    expect(await page.getByTestId('notification-daily_summary').count()).toBe(0);
    await scan(page, 'account settings › Notifications (family)');
    await page.getByTestId('notification-gift_to_player').uncheck();
    await page.getByTestId('notification-product_news').check();
    await page.getByRole('combobox', { name: 'E-mail language' }).click();
    await page.getByRole('option', { name: 'Español' }).click();
    await page.getByTestId('notifications-save').click();
    await page.getByText('Your e-mail choices were saved.').waitFor();
    await screenshot(page, 'notifications-tab-1440');

    const saved = await prefsOf(FAMILY);
    expect(enabled(saved)).toMatchObject({ gift_to_player: false, product_news: true });
    expect(saved.emailLanguage).toBe('es');
    // A reload shows what was saved.
    await page.reload();
    await page.getByTestId('notification-gift_to_player').waitFor();
    expect(await page.getByTestId('notification-gift_to_player').isChecked()).toBe(false);
    expect(await page.getByTestId('notification-product_news').isChecked()).toBe(true);
  });

  it('the Super Admin sends product news after a confirmation', async () => {
    const id = stamp();
    const { page } = await open({ viewport: WIDE });
    await login(page, SUPER);
    await openTab(page);
    await page.getByTestId('product-news-open').click();
    const dialog = page.getByTestId('product-news-dialog');
    await dialog.getByTestId('product-news-subjectEn').fill(`Team messages are here ${id}`);
    await dialog.getByTestId('product-news-messageEn').fill('You can now message your whole team from the console.');
    await dialog.getByTestId('product-news-subjectEs').fill(`Llegaron los mensajes al equipo ${id}`);
    await dialog.getByTestId('product-news-messageEs').fill('Ahora puedes escribir a todo tu equipo desde la consola.');
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    );
    await scan(page, 'product news dialog');
    await screenshot(page, 'notifications-news-dialog');
    await dialog.getByTestId('product-news-send').click();
    await page.getByTestId('confirm-button').click();
    await page.getByTestId('product-news-result').waitFor();
    const result = (await page.getByTestId('product-news-result').textContent()) ?? '';
    expect(result).toMatch(/^Sent to \d+ (person|people)\.$/);

    const mail = (await outboxFor(FAMILY)).find((m) => m.subject === `Llegaron los mensajes al equipo ${id}`);
    expect(mail, 'the family gets the Spanish news').toBeDefined();
    expect(mail!.text).toContain('Dejar de recibir estos correos');
  });

  it('the unsubscribe link from the stored e-mail works without sign-in (390 px, Spanish) and is refused when changed', async () => {
    const mail = (await outboxFor(FAMILY)).find((m) => UNSUBSCRIBE_LINK.test(m.text));
    expect(mail).toBeDefined();
    const url = new URL(UNSUBSCRIBE_LINK.exec(mail!.text)![0]);
    const { page } = await open({ viewport: NARROW });
    await page.goto(url.pathname + url.search);
    await page.getByRole('heading', { name: '¿Dejar de recibir estos correos?' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await scan(page, 'unsubscribe page (390 px, Spanish)');
    await screenshot(page, 'notifications-unsubscribe-390');
    // Opening the page changed nothing.
    expect(enabled(await prefsOf(FAMILY)).product_news).toBe(true);
    await page.getByRole('button', { name: 'Darme de baja' }).click();
    await page.getByRole('heading', { name: 'Te diste de baja' }).waitFor();
    await scan(page, 'unsubscribed page (390 px, Spanish)');
    await screenshot(page, 'notifications-unsubscribed-390');
    expect(enabled(await prefsOf(FAMILY)).product_news).toBe(false);

    // A changed link: a 400 page (the browser reports the status: expected here), nothing changed.
    const refused = await open({ viewport: NARROW, allow: [/status of 400 .*\/unsubscribe\?t=/] });
    const tampered = url.search.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const res = await refused.page.goto(`/unsubscribe${tampered}&lang=en`);
    expect(res?.status()).toBe(400);
    await refused.page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await scan(refused.page, 'unsubscribe page, changed link');
    await screenshot(refused.page, 'notifications-unsubscribe-refused-390');
    expect(enabled(await prefsOf(FAMILY)).product_news).toBe(false);
  });

  it('the tab in Spanish on a 390 px phone', async () => {
    // The account's console language is Spanish (restored after the spec).
    await apiCall('PATCH', '/user', { language: 'es' }, await apiLogin(FAMILY));
    const { page } = await open({ viewport: NARROW });
    await login(page, FAMILY);
    await openTab(page);
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.getByText('Cada donación a mi jugador').waitFor();
    expect((await page.getByTestId('notifications-save').textContent())?.trim()).toBe('Guardar');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await scan(page, 'account settings › Notifications (390 px, Spanish)');
    await screenshot(page, 'notifications-tab-390-es');
  });
});
