/**
 * The help university's use cases over the content read at boot (help.content.ts): the module
 * tree, one module, one article with its related articles, and a typo-tolerant search per
 * language (lib/fuzzy-search.ts; decision 022). Nothing here touches the database.
 */
import type {
  HelpArticle,
  HelpArticleSummary,
  HelpModule,
  HelpSearch,
  HelpSearchQuery,
  HelpUniversity,
} from '@fc/contracts';
import { notFound } from '../../lib/errors.js';
import { FuzzyIndex, fold } from '../../lib/fuzzy-search.js';
import { type ArticleEntry, HELP_LANGUAGES, type HelpLanguage, type University } from './help.content.js';

/** Words too common to rank by; a query made only of them still searches them. */
const STOP_WORDS = new Set([
  ...['a', 'an', 'and', 'are', 'can', 'do', 'for', 'how', 'in', 'is', 'it', 'my', 'of', 'on', 'or', 'the', 'to'],
  ...['what', 'when', 'where', 'who', 'why', 'with', 'you', 'your', 'i', 'me'],
  ...['al', 'como', 'con', 'cual', 'de', 'del', 'el', 'en', 'es', 'la', 'las', 'lo', 'los', 'mi', 'mis', 'para'],
  ...['por', 'que', 'se', 'su', 'sus', 'tu', 'tus', 'un', 'una', 'uno', 'y', 'yo'],
]);

const FIELD_WEIGHTS = { title: 4, summary: 2, module: 1, body: 1 } as const;

export interface HelpCatalog {
  university: University;
  indexes: Record<HelpLanguage, FuzzyIndex>;
}

export function createCatalog(university: University): HelpCatalog {
  const indexes = {} as Record<HelpLanguage, FuzzyIndex>;
  for (const lang of HELP_LANGUAGES) {
    const docs = university.articles.map((a) => {
      const m = university.modules.find((x) => x.slug === a.module);
      const c = m?.categories.find((x) => x.slug === a.category);
      return [
        { text: a.text[lang].title, weight: FIELD_WEIGHTS.title },
        { text: a.text[lang].summary, weight: FIELD_WEIGHTS.summary },
        { text: `${m?.title[lang] ?? ''} ${c?.title[lang] ?? ''}`, weight: FIELD_WEIGHTS.module },
        { text: a.text[lang].text, weight: FIELD_WEIGHTS.body },
      ];
    });
    indexes[lang] = new FuzzyIndex(docs, STOP_WORDS);
  }
  return { university, indexes };
}

const summaryOf = (a: ArticleEntry, lang: HelpLanguage): HelpArticleSummary => ({
  id: a.id,
  module: a.module,
  category: a.category,
  slug: a.slug,
  title: a.text[lang].title,
  summary: a.text[lang].summary,
});

function moduleOf(catalog: HelpCatalog, slug: string, lang: HelpLanguage): HelpModule | undefined {
  const m = catalog.university.modules.find((x) => x.slug === slug);
  if (!m) return undefined;
  const categories = m.categories.map((c) => ({
    slug: c.slug,
    title: c.title[lang],
    articles: catalog.university.articles
      .filter((a) => a.module === m.slug && a.category === c.slug)
      .map((a) => summaryOf(a, lang)),
  }));
  return {
    slug: m.slug,
    title: m.title[lang],
    description: m.description[lang],
    articleCount: categories.reduce((n, c) => n + c.articles.length, 0),
    categories,
  };
}

export function listModules(catalog: HelpCatalog, lang: HelpLanguage): HelpUniversity {
  return {
    modules: catalog.university.modules.map((m) => moduleOf(catalog, m.slug, lang)).filter((m) => m !== undefined),
  };
}

export function getModule(catalog: HelpCatalog, slug: string, lang: HelpLanguage): HelpModule {
  const m = moduleOf(catalog, slug, lang);
  if (!m) throw notFound('There is no such help module.', 'HELP_NOT_FOUND');
  return m;
}

export function getArticle(catalog: HelpCatalog, id: string, lang: HelpLanguage): HelpArticle {
  const a = catalog.university.byId.get(id);
  if (!a) throw notFound('There is no such help article.', 'HELP_NOT_FOUND');
  const m = catalog.university.modules.find((x) => x.slug === a.module);
  const c = m?.categories.find((x) => x.slug === a.category);
  const related = a.related.map((r) => catalog.university.byId.get(r)).filter((r) => r !== undefined);
  return {
    ...summaryOf(a, lang),
    moduleTitle: m?.title[lang] ?? a.module,
    categoryTitle: c?.title[lang] ?? a.category,
    html: a.text[lang].html,
    updated: a.updated,
    related: related.map((r) => summaryOf(r, lang)),
  };
}

const SNIPPET = 160;

/** About SNIPPET characters of `text` around the first of `terms`, on word boundaries. */
function snippetOf(text: string, terms: string[]): string {
  const folded = fold(text);
  let at = -1;
  for (const t of terms) {
    const i = folded.search(new RegExp(`(^|[^\\p{L}\\p{N}])${t}`, 'u'));
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) at = 0;
  let start = Math.max(0, at - 40);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const flat = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${flat}${end < text.length ? '…' : ''}`;
}

export function search(catalog: HelpCatalog, query: HelpSearchQuery): HelpSearch {
  const { q, lang, limit } = query;
  const hits = catalog.indexes[lang].search(q, limit);
  const results = hits.map((h) => {
    const a = catalog.university.articles[h.doc] as ArticleEntry;
    const m = catalog.university.modules.find((x) => x.slug === a.module);
    return {
      ...summaryOf(a, lang),
      moduleTitle: m?.title[lang] ?? a.module,
      snippet: snippetOf(a.text[lang].text, h.terms),
      score: h.score,
    };
  });
  return { query: q, results };
}
