/** @jsxRuntime automatic */
/** @jsxImportSource preact */

import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { Island } from '../lib/island';
import { ThemeSwitch } from './ThemeSwitch';

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
  document.cookie = 'theme=; Max-Age=0; Path=/';
});

describe('theme switch island', () => {
  it('hydrates the server markup in place and flips data-theme and the cookie', async () => {
    const errors = vi.spyOn(console, 'error');
    document.body.innerHTML = renderToString(
      <Island name="theme" component={ThemeSwitch} props={{ theme: 'light', label: 'Dark mode' }} />,
    );
    const button = document.querySelector('button');
    expect(button?.getAttribute('aria-pressed')).toBe('false');
    await act(() => hydrateIslands({ theme: ThemeSwitch }));
    expect(document.querySelector('button')).toBe(button);
    await act(() => button?.click());
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.cookie).toContain('theme=dark');
    expect(button?.getAttribute('aria-pressed')).toBe('true');
    await act(() => button?.click());
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(document.cookie).toContain('theme=light');
    expect(errors).not.toHaveBeenCalled();
  });
});
