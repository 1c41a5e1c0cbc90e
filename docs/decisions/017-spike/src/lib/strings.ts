/**
 * Server strings: one i18next instance with both languages' core files (the same JSON the SPA
 * ships), read through getFixedT. Islands get only the keys they use, as a plain object.
 */
import i18next, { type TFunction } from 'i18next';
import enPublic from '../../../../apps/web/src/locales/en/public.json' with { type: 'json' };
import enCore from '../../../../apps/web/src/locales/en/translation.json' with { type: 'json' };
import esPublic from '../../../../apps/web/src/locales/es/public.json' with { type: 'json' };
import esCore from '../../../../apps/web/src/locales/es/translation.json' with { type: 'json' };

export type Lng = 'en' | 'es';
const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: { ...enCore, ...enPublic } }, es: { translation: { ...esCore, ...esPublic } } },
  lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false,
});
export const tFor = (lng: Lng): TFunction => i18n.getFixedT(lng);

/** The strings an island needs, resolved on the server: key → template (plural forms included). */
export function pick(lng: Lng, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const bundle = i18n.getResourceBundle(lng, 'translation') as Record<string, unknown>;
  const get = (k: string) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], bundle);
  for (const k of keys) for (const s of ['', '_one', '_other']) { const v = get(k + s); if (typeof v === 'string') out[k + s] = v; }
  return out;
}
