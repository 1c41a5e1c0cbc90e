/**
 * Component tests without Testing Library (not installed): react-dom/client + act in happy-dom,
 * with the app's real providers (i18n with the console strings, MUI theme, query cache, toasts,
 * signed-in user, router). Queries look in the whole document (dialogs render in portals).
 */
import type { StoredUser } from '@fc/contracts';
import { createTheme, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { ToastProvider } from '../components/ui/ToastProvider';
import { makeQueryClient } from '../lib/api/queryClient';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { STORAGE_KEYS } from '../lib/auth/storage';
import i18n, { i18nReady, loadPart } from '../lib/i18n';

const mounted: { root: Root; container: HTMLElement }[] = [];

export interface RenderOptions {
  /** Signed in as this user (stored as the login stores it). */
  user?: StoredUser;
  language?: 'en' | 'es';
  path?: string;
}

export async function render(ui: ReactNode, { user, language = 'en', path = '/' }: RenderOptions = {}) {
  await i18nReady;
  // Every part a console page may load (app/routes/pages.ts loads the feature parts with their pages).
  await Promise.all([
    loadPart('console'),
    loadPart('campaigns'),
    loadPart('tasks'),
    loadPart('contact'),
    loadPart('registrations'),
    loadPart('affiliates'),
    loadPart('sponsorships'),
    loadPart('fundraisers'),
    loadPart('help'),
  ]);
  await i18n.changeLanguage(language);
  if (user) {
    localStorage.setItem(STORAGE_KEYS.access, 'test-access-token');
    localStorage.setItem(STORAGE_KEYS.refresh, 'test-refresh-token');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  }
  const client = makeQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={createTheme()}>
          <QueryClientProvider client={client}>
            <ToastProvider>
              <AuthProvider>
                <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
              </AuthProvider>
            </ToastProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </I18nextProvider>,
    );
  });
  return { container, client };
}

export async function cleanupRendered() {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
  document.body.innerHTML = '';
  localStorage.clear();
}
afterEach(cleanupRendered);

/** The element with this `data-testid`, anywhere in the document, or null. */
export const queryByTestId = <E extends Element = HTMLElement>(id: string) =>
  document.querySelector<E & HTMLElement>(`[data-testid="${id}"]`);

export function getByTestId<E extends Element = HTMLElement>(id: string) {
  const el = queryByTestId<E>(id);
  if (!el) throw new Error(`No element with data-testid="${id}"`);
  return el;
}

/** Retries `check` (inside act, so effects and requests settle) until it stops throwing. */
export async function waitFor<T>(check: () => T, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await act(async () => {
        await new Promise((r) => setTimeout(r, 10));
      });
    }
  }
}

export async function click(el: Element) {
  await act(async () => {
    (el as HTMLElement).click();
  });
}

/** Types into an input or textarea the way a person does (React sees an input event). */
export async function type(el: Element, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    (el as HTMLElement).focus();
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Chooses files in an `<input type="file">` (a change event, as the browser fires). */
export async function chooseFile(input: HTMLInputElement, file: File) {
  await act(async () => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The visible text of an element, spaces collapsed. */
export const textOf = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
