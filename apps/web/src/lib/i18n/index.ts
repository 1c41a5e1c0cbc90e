import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en';
import { type Loader, type Part, stringParts } from './parts';
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
 * The strings come in parts (./parts.ts). English core ships with the app; everything else is
 * fetched when needed, so a visitor downloads only the strings of the pages and the language
 * they see. `changeLanguage` waits for the parts in use.
 */
const enConsole: Loader = () => import('./en-console');
// Feature parts: strings only their pages use, loaded with those pages (app/routes/pages.ts), so
// the console shell does not carry them (scripts/check-size.mjs).
const loaders: Record<Language, Record<Part, Loader>> = {
  en: {
    core: async () => ({ default: en }),
    console: enConsole,
    campaigns: () => import('../../locales/en/campaigns.json'),
    tasks: () => import('../../locales/en/tasks.json'),
    contact: () => import('../../locales/en/contact.json'),
    registrations: () => import('../../locales/en/registrations.json'),
    affiliates: () => import('../../locales/en/affiliates.json'),
    sponsorships: () => import('../../locales/en/sponsorships.json'),
    fundraisers: () => import('../../locales/en/fundraisers.json'),
    help: () => import('../../locales/en/help.json'),
  },
  es: {
    core: () => import('./es'),
    console: () => import('./es-console'),
    campaigns: () => import('../../locales/es/campaigns.json'),
    tasks: () => import('../../locales/es/tasks.json'),
    contact: () => import('../../locales/es/contact.json'),
    registrations: () => import('../../locales/es/registrations.json'),
    affiliates: () => import('../../locales/es/affiliates.json'),
    sponsorships: () => import('../../locales/es/sponsorships.json'),
    fundraisers: () => import('../../locales/es/fundraisers.json'),
    help: () => import('../../locales/es/help.json'),
  },
};
const strings = stringParts(i18n, loaders);

export type { Part };
/** Loads a part of the strings (in every language loaded or loading, and in any chosen later). */
export function loadPart(part: Part): Promise<void> {
  // A function, not `const loadPart = strings.loadPart`: scripts/check-size.mjs follows a const's
  // definition into `loaders` and would count every language's strings as the console's JS.
  return strings.loadPart(part);
}

// Keep <html lang> right for screen readers, whatever changed the language.
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** Resolves once the initial language is loaded: render after it (no flash of English). */
export const i18nReady: Promise<unknown> = i18n
  .use(strings.backend)
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
