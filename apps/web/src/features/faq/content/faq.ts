/** FAQ content shipped with the app (DECISIONS §1), one file per language with the same ids. */
import en from './faq.en.json';
import es from './faq.es.json';

export const FAQ_CATEGORIES = ['accounts', 'profiles', 'roles', 'donations', 'payouts', 'security'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  q: string;
  a: string;
}

export const FAQ: Record<'en' | 'es', FaqEntry[]> = { en: en as FaqEntry[], es: es as FaqEntry[] };

/** Accent- and case-insensitive match over question and answer. */
export function searchFaq(entries: FaqEntry[], query: string): FaqEntry[] {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const terms = norm(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return entries;
  return entries.filter((e) => {
    const text = norm(`${e.q} ${e.a}`);
    return terms.every((term) => text.includes(term));
  });
}
