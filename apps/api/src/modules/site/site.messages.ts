/**
 * The texts the server writes into a public page's <head> (title, description), in the two
 * languages of the product. The campaign and player data itself is not translated.
 */
export const SITE_NAME = 'FUNDRAISER CONSOLE';
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/**
 * `?lang=es` wins; then the `lang` cookie (set when someone chose a language with the switch);
 * then the first supported language of `Accept-Language` by weight
 * (`es-MX,es;q=0.9,en;q=0.8` → es); otherwise English.
 */
export function pickLanguage(queryLang: unknown, acceptLanguage: string | undefined, cookieLang?: unknown): Language {
  if (isLanguage(queryLang)) return queryLang;
  if (isLanguage(cookieLang)) return cookieLang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((r) => r.base).find(isLanguage) ?? 'en';
}

export interface SiteMessages {
  description: string;
  notFound: string;
  campaign: (title: string, organization: string) => string;
  player: (name: string, campaign: string) => string;
  donate: (what: string) => string;
  thankYou: (what: string) => string;
}

export const messages: Record<Language, SiteMessages> = {
  en: {
    description: 'FUNDRAISER CONSOLE: fundraising for youth sports',
    notFound: 'Page not found',
    campaign: (title, org) => `Support ${org}: ${title}. Every gift helps the team.`,
    player: (name, campaign) => `Help ${name} reach their goal for ${campaign}.`,
    donate: (what) => `Donate to ${what}`,
    thankYou: (what) => `Thank you for supporting ${what}`,
  },
  es: {
    description: 'FUNDRAISER CONSOLE: recaudación de fondos para el deporte juvenil',
    notFound: 'Página no encontrada',
    campaign: (title, org) => `Apoya a ${org}: ${title}. Cada donación ayuda al equipo.`,
    player: (name, campaign) => `Ayuda a ${name} a alcanzar su meta en ${campaign}.`,
    donate: (what) => `Dona a ${what}`,
    thankYou: (what) => `Gracias por apoyar a ${what}`,
  },
};
