/**
 * Issue 14, Contact-Us: the server-rendered page (decision 017) with the form as a Preact island. A
 * visitor on a phone (390 px) switches to Spanish, is stopped by field errors first, sends with
 * the keyboard and sees the confirmation; no console error or warning (the session's guard); the message and its two emails are stored; Super Admin finds
 * it in Settings → Contact messages, opens it and marks it handled. axe on both pages; nothing
 * scrolls sideways at 390 px. Screenshots in .tmp/screenshots/contact-*.png.
 */
import type { ContactMessage } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { login } from '../support/auth';
import { axeScan } from '../support/axe';
import { NARROW, useBrowser, WIDE } from '../support/browser';
import { apiCall, apiLogin } from '../support/env';
import { screenshot } from '../support/screenshots';

const SUPER = 'super@demo.test';

describe('Contact-Us', () => {
  const { open } = useBrowser();

  it('a visitor sends a message at 390 px in Spanish; Super Admin finds it and marks it handled', async () => {
    const stamp = Date.now();
    const email = `visitante-${stamp}@example.org`;
    const name = `Lucía Ramos ${stamp}`;
    const text = `Hola, somos una liga juvenil y queremos organizar una campaña (${stamp}).`;

    // The visitor, on a phone, in Spanish.
    const visitor = await open({ viewport: NARROW });
    const vp = visitor.page;
    const res = await vp.goto('/contact-us');
    expect(res?.status()).toBe(200);
    await vp.getByTestId('contact-form').waitFor();
    await vp.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Español' }).click();
    await vp.waitForURL((u) => u.pathname === '/contact-us' && u.searchParams.get('lang') === 'es');
    await vp.getByRole('heading', { name: 'Contáctanos', level: 1 }).waitFor();
    expect(await vp.evaluate(() => document.documentElement.lang)).toBe('es');
    // The form is in the HTML at once; it is interactive once its island is hydrated.
    await vp.locator('[data-island="contact"][data-hydrated]').waitFor();
    await axeScan(vp, '/contact-us (es, 390 px)');
    expect(await vp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);

    // Nothing is sent with empty fields: each says what to do, and the first has the focus.
    await vp.getByTestId('contact-submit').click();
    await expect.poll(() => vp.getByTestId('contact-name').getAttribute('aria-invalid')).toBe('true');
    expect(await vp.getByText('Escribe al menos 10 caracteres').count()).toBe(1);
    expect(await vp.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await screenshot(vp, 'contact-errors-es-390');

    // With the keyboard: the spam trap is not in the tab order.
    await vp.keyboard.type(name);
    await vp.keyboard.press('Tab');
    await vp.keyboard.type(email);
    await vp.keyboard.press('Tab');
    await vp.keyboard.type('Liga Juvenil del Norte');
    await vp.keyboard.press('Tab');
    await vp.keyboard.type(text);
    await vp.keyboard.press('Tab');
    expect(await vp.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('contact-submit');
    await vp.keyboard.press('Enter');
    await vp.getByTestId('contact-sent').waitFor();
    expect(await vp.getByTestId('contact-sent').innerText()).toContain(`Enviamos una confirmación a ${email}`);
    expect(await vp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await axeScan(vp, '/contact-us sent (es, 390 px)');
    await screenshot(vp, 'contact-sent-es-390');

    // Stored in Spanish, with a confirmation to the visitor in the outbox.
    const token = await apiLogin(SUPER);
    const found = await apiCall<{ data: ContactMessage[]; total: number }>(
      'GET',
      `/admin/contact-messages?q=${encodeURIComponent(email)}`,
      undefined,
      token,
    );
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({ name, email, message: text, language: 'es', handledAt: null });
    const outbox = await apiCall<{ data: { to: string; subject: string }[] }>(
      'GET',
      `/admin/outbox?q=${encodeURIComponent(email)}`,
      undefined,
      token,
    );
    expect(outbox.data.map((m) => m.subject)).toEqual(['Recibimos tu mensaje']);

    // Super Admin: Settings → Contact messages, search, open, mark handled.
    const admin = await open({ viewport: WIDE });
    const ap = admin.page;
    await login(ap, SUPER);
    await ap.getByTestId('main-nav').waitFor();
    await ap.locator('[data-testid="main-nav"] > [data-testid="nav-settings"]').click();
    await ap.locator('#nav-menu-settings [data-testid="nav-contact-messages"]').click();
    await ap.waitForURL((u) => u.pathname === '/apps/contact-messages');
    // The search's own answer (the unfiltered first page may already show the message).
    const searched = ap.waitForResponse(
      (r) => r.url().includes('/api/v1/admin/contact-messages') && r.url().includes(`q=${stamp}`),
    );
    await ap.getByTestId('contact-messages-search').fill(String(stamp));
    await searched;
    const openLink = ap.getByTestId(`contact-message-open-${found.data[0]!.id}`);
    await openLink.waitFor();
    await axeScan(ap, '/apps/contact-messages (en)');
    await openLink.click();
    await ap.getByTestId('contact-message-dialog').waitFor();
    expect(await ap.getByTestId('contact-message-text').innerText()).toBe(text);
    await ap.getByTestId('contact-message-toggle').click();
    await ap.getByTestId('confirm-button').click();
    await ap.getByTestId('contact-message-dialog').waitFor({ state: 'detached' });
    // It leaves the open list and shows under Handled, with who handled it.
    await expect.poll(() => openLink.count()).toBe(0);
    await ap.getByTestId('contact-filter-handled').click();
    await openLink.waitFor();
    await openLink.click();
    await ap.getByTestId('contact-message-handled').waitFor();
    await ap.keyboard.press('Escape');
    const after = await apiCall<{ data: ContactMessage[] }>(
      'GET',
      `/admin/contact-messages?status=handled&q=${encodeURIComponent(email)}`,
      undefined,
      // A fresh token: the e2e server's access tokens live 10 s, and the console steps take longer.
      await apiLogin(SUPER),
    );
    expect(after.data[0]?.handledBy).not.toBeNull();

    // The list at 390 px: cards, no sideways scrolling.
    await ap.setViewportSize(NARROW);
    await openLink.waitFor();
    expect(await ap.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(ap, 'contact-messages-en-390');
  });
});
