/**
 * The help university (`/help/university/...`, issue 18; decision 022): articles kept as Markdown
 * files in `content/university/`, served rendered and searchable in English and Spanish.
 */
import { z } from 'zod';
import { languageSchema } from './auth.js';

/** A module, category or article slug: lower-case words joined by single hyphens. */
export const HELP_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const helpSlugSchema = z.string().max(80).regex(HELP_SLUG, 'Use lower-case letters, digits and single hyphens.');

export const HELP_SEARCH_LIMITS = { minLength: 2, maxLength: 100, maxResults: 20 } as const;

export const helpLangQuerySchema = z.object({ lang: languageSchema.default('en') });

export const helpSearchQuerySchema = z.object({
  q: z.string().trim().min(HELP_SEARCH_LIMITS.minLength).max(HELP_SEARCH_LIMITS.maxLength),
  lang: languageSchema.default('en'),
  limit: z.coerce.number().int().min(1).max(HELP_SEARCH_LIMITS.maxResults).default(10),
});
export type HelpSearchQuery = z.infer<typeof helpSearchQuerySchema>;

export const helpModuleParamsSchema = z.object({ module: helpSlugSchema });
export const helpArticleParamsSchema = z.object({
  module: helpSlugSchema,
  category: helpSlugSchema,
  article: helpSlugSchema,
});

/** An article as a list or search shows it. `id` is `module/category/article`. */
export const helpArticleSummarySchema = z.object({
  id: z.string(),
  module: z.string(),
  category: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpCategorySchema = z.object({
  slug: z.string(),
  title: z.string(),
  articles: z.array(helpArticleSummarySchema),
});

export const helpModuleSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  articleCount: z.number().int(),
  categories: z.array(helpCategorySchema),
});
export type HelpModule = z.infer<typeof helpModuleSchema>;

export const helpUniversitySchema = z.object({ modules: z.array(helpModuleSchema) });
export type HelpUniversity = z.infer<typeof helpUniversitySchema>;

export const helpArticleSchema = helpArticleSummarySchema.extend({
  moduleTitle: z.string(),
  categoryTitle: z.string(),
  /** Rendered on the server from the Markdown file; raw HTML in the source is escaped. */
  html: z.string(),
  updated: z.string(),
  related: z.array(helpArticleSummarySchema),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpSearchResultSchema = helpArticleSummarySchema.extend({
  moduleTitle: z.string(),
  /** A short plain-text excerpt around the first match. */
  snippet: z.string(),
  score: z.number(),
});
export type HelpSearchResult = z.infer<typeof helpSearchResultSchema>;

export const helpSearchSchema = z.object({ query: z.string(), results: z.array(helpSearchResultSchema) });
export type HelpSearch = z.infer<typeof helpSearchSchema>;
