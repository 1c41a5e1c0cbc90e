import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mergeInto, type Tree } from './bundle';
import en from './en';
import { singlePeriods } from './periods';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

/**
 * The strings come in parts, each a chunk per language: `core` (every page: sign-in, public
 * pages, errors), `console` (loaded with the console: `loadPart`) and feature parts
 * (`campaigns`, `tasks`: loaded with the pages that use them). English core ships with
 * the app; everything else is fetched when needed, so a visitor downloads only the strings of
 * the pages and the language they see. `changeLanguage` waits for the parts in use.
 */
export type Part = 'core' | 'console' | 'campaigns' | 'tasks';
type Loader = () => Promise<{ default: Tree }>;
const enConsole: Loader = () => import('./en-console');
// Feature parts: strings only their pages use, loaded with those pages (app/routes/pages.ts), so
// the console shell does not carry them (scripts/check-size.mjs).
const loaders: Record<Language, Record<Part, Loader>> = {
  en: {
    core: async () => ({ default: en }),
    console: enConsole,
    campaigns: () => import('../../locales/en/campaigns.json'),
    tasks: () => import('../../locales/en/tasks.json'),
  },
  es: {
    core: () => import('./es'),
    console: () => import('./es-console'),
    campaigns: () => import('../../locales/es/campaigns.json'),
    tasks: () => import('../../locales/es/tasks.json'),
  },
};
const parts = new Set<Part>(['core']);

async function loadStrings(language: Language, wanted: Iterable<Part>): Promise<Tree> {
  const loaded = await Promise.all([...wanted].map((part) => loaders[language][part]()));
  return loaded.reduce<Tree>((tree, m) => mergeInto(tree, m.default), {});
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    const wanted = new Set(parts);
    loadStrings(language, wanted)
      // A part asked for while this language was loading (loadPart) is added before it is used.
      .then(async (tree) =>
        mergeInto(
          tree,
          await loadStrings(
            language,
            [...parts].filter((p) => !wanted.has(p)),
          ),
        ),
      )
      .then(
        (tree) => callback(null, tree),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
      );
  },
};

/** Loads a part of the strings (in every language already loaded, and in any chosen later). */
export async function loadPart(part: Part): Promise<void> {
  if (parts.has(part)) return;
  parts.add(part);
  const languages = LANGUAGES.filter((lng) => i18n.hasResourceBundle(lng, 'translation'));
  // Parts share no top-level key (parts.test.ts): a shallow add, not a deep merge of every string.
  await Promise.all(
    languages.map(async (lng) =>
      i18n.addResourceBundle(lng, 'translation', await loadStrings(lng, [part]), false, true),
    ),
  );
}

// Keep <html lang> right for screen readers, whatever changed the language.
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** Resolves once the initial language is loaded: render after it (no flash of English). */
export const i18nReady: Promise<unknown> = i18n
  .use(backend)
  .use(initReactI18next)
  .use(singlePeriods)
  .init({
    postProcess: ['singlePeriods'],
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Change the UI language and remember it. */
export function setLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  void i18n.changeLanguage(language);
}

export default i18n;
