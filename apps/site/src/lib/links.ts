import type { Language } from './strings';

/** A site path with the page's language (`/our-story` → `/our-story?lang=es`); other addresses unchanged. */
export function withLang(href: string, lang: Language): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const [path = '', hash] = href.split('#', 2);
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}lang=${lang}${hash === undefined ? '' : `#${hash}`}`;
}
