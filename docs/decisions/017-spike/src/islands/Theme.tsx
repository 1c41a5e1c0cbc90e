/** Light/dark: the choice is a cookie the server reads, so the next page is rendered in it (no flash). */
import { useState } from 'react';
import { makeT, type Messages } from '../lib/t';

export function Theme({ m, lng }: { m: Messages; lng: string }) {
  const t = makeT(m, lng);
  const [dark, setDark] = useState(() => typeof document !== 'undefined' && document.documentElement.dataset.theme === 'dark');
  const label = dark ? t('navbar.lightMode') : t('navbar.darkMode');
  const flip = () => {
    const next = dark ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    document.cookie = `theme=${next}; path=/; max-age=31536000; samesite=lax`;
    setDark(!dark);
  };
  return (
    <button type="button" className="icon" aria-label={label} title={label} onClick={flip}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d={dark ? 'M12 7a5 5 0 100 10 5 5 0 000-10z' : 'M9 2a10 10 0 1013 13A8 8 0 019 2z'} /></svg>
    </button>
  );
}
