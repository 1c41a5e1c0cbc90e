import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en/translation.json';
import es from '../../locales/es/translation.json';

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

type Tree = { [key: string]: string | Tree };
/** Feature translation files (`locales/{lng}/{feature}.json`) merged into the one namespace. */
const featureFiles = import.meta.glob<Tree>(['../../locales/*/*.json', '!../../locales/*/translation.json'], {
  eager: true,
  import: 'default',
});
function merge(target: Tree, source: Tree): Tree {
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    target[k] = typeof v === 'object' && typeof t === 'object' ? merge({ ...t }, v) : v;
  }
  return target;
}
function bundle(lng: Language, base: Tree): Tree {
  const out = merge({}, base);
  for (const [path, tree] of Object.entries(featureFiles)) if (path.includes(`/locales/${lng}/`)) merge(out, tree);
  return out;
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: bundle('en', en) }, es: { translation: bundle('es', es) } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Change the UI language, remember it, and keep <html lang> right for screen readers. */
export function setLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

document.documentElement.lang = i18n.language;

export default i18n;
