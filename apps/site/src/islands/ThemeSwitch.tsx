/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The light/dark switch (decision 017). The server already wrote `<html data-theme>` from the
 * `theme` cookie, or none so that CSS follows `prefers-color-scheme`: nothing flashes. The
 * island only flips the attribute and remembers the choice in the cookie for the next page.
 */
import { useEffect, useState } from 'preact/hooks';

export type ThemeChoice = 'light' | 'dark';

export interface ThemeSwitchProps {
  /** The cookie's choice, or null when the page follows the system. */
  theme: ThemeChoice | null;
  label: string;
}

export const THEME_COOKIE = 'theme';
const YEAR = 60 * 60 * 24 * 365;

export function ThemeSwitch({ theme, label }: ThemeSwitchProps) {
  const [dark, setDark] = useState(theme === 'dark');
  useEffect(() => {
    // The server cannot know the system's choice; the button shows it once in the browser.
    if (theme === null && window.matchMedia?.('(prefers-color-scheme: dark)').matches) setDark(true);
  }, [theme]);
  const toggle = () => {
    const next: ThemeChoice = dark ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', next);
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, read by the server for the next page.
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
    setDark(next === 'dark');
  };
  return (
    <button type="button" class="icon-button" aria-pressed={dark} title={label} onClick={toggle}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.39 5.39 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1z"
        />
      </svg>
      <span class="visually-hidden">{label}</span>
    </button>
  );
}
