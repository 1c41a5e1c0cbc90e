import type { HelpArticle, HelpModule, HelpSearch, HelpUniversity } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api/client';

/** The help centre's language: the console's (the articles exist in both). */
export function useHelpLang(): 'en' | 'es' {
  const { i18n } = useTranslation();
  return i18n.language === 'es' ? 'es' : 'en';
}

const BASE = '/help/university';
/** The content ships with the release: it never changes while the console is open. */
const STATIC = { staleTime: Number.POSITIVE_INFINITY, gcTime: 30 * 60_000 } as const;

export function useUniversity() {
  const lang = useHelpLang();
  return useQuery({
    queryKey: ['help', lang, 'modules'],
    queryFn: ({ signal }) => api.get<{ data: HelpUniversity }>(BASE, { lang }, signal),
    ...STATIC,
  });
}

export function useHelpModule(slug: string) {
  const lang = useHelpLang();
  return useQuery({
    queryKey: ['help', lang, 'module', slug],
    queryFn: ({ signal }) => api.get<{ data: HelpModule }>(`${BASE}/${encodeURIComponent(slug)}`, { lang }, signal),
    ...STATIC,
  });
}

export function useHelpArticle(id: string) {
  const lang = useHelpLang();
  return useQuery({
    queryKey: ['help', lang, 'article', id],
    queryFn: ({ signal }) =>
      api.get<{ data: HelpArticle }>(`${BASE}/${id.split('/').map(encodeURIComponent).join('/')}`, { lang }, signal),
    ...STATIC,
  });
}

/** Searches once `query` has at least 2 characters; the previous results stay while typing. */
export function useHelpSearch(query: string) {
  const lang = useHelpLang();
  const q = query.trim().slice(0, 100);
  return useQuery({
    queryKey: ['help', lang, 'search', q],
    queryFn: ({ signal }) => api.get<{ data: HelpSearch }>(`${BASE}/search`, { q, lang }, signal),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    ...STATIC,
  });
}
