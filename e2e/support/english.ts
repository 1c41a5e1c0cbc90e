/**
 * What English on a Spanish screen looks like (issue 12): every English UI string whose Spanish
 * differs, cut at its placeholders into phrases of two words or more, plus single words and
 * browser texts that never belong on a Spanish screen. `englishOn` finds them in what a person
 * sees: the visible text, the placeholders and the accessible names of buttons and links.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './env';

type Tree = { [key: string]: string | Tree };

const LOCALES = path.join(ROOT, 'apps/web/src/locales');

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

function strings(language: 'en' | 'es'): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, language)).filter((f) => f.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree, '', out);
  }
  return out;
}

/** Words that are the same in both languages or are names, never English by themselves. */
const SHARED =
  /^(?:[\d\s.,:;·•/|()#%$&+*=<>!?¡¿'"«»“”‘’…–—-]|FYS|FUNDRAISER|CONSOLE|Stripe|BAND|CSV|ID|URL|QR|OK|Email|E-mail)+$/i;

/** Phrases of two words or more from the English strings whose Spanish differs. */
export function englishPhrases(): string[] {
  const en = strings('en');
  const es = strings('es');
  const phrases = new Set<string>();
  for (const [key, value] of en) {
    if (es.get(key) === value) continue;
    // i18next plurals and contexts keep their base key's Spanish; a missing one counts as different.
    for (const part of value.split(/\{\{[^}]*\}\}|<\/?\d+>|\$t\([^)]*\)/)) {
      const phrase = part.trim().replace(/^[\s.,:;·()!?'"-]+|[\s.,:;·(!?'"-]+$/g, '');
      if (phrase.split(/\s+/).length < 2 || SHARED.test(phrase)) continue;
      if ([...es.values()].some((s) => s.includes(phrase))) continue; // also written in the Spanish
      phrases.add(phrase);
    }
  }
  return [...phrases].sort((a, b) => b.length - a.length);
}

/** Single words and browser texts that are English wherever they appear. */
export const ENGLISH_WORDS = [
  'succeeded',
  'requires_payment_method',
  'mm/dd/yyyy',
  'Donate',
  'Payment',
  'Checkout',
  'Refunded',
  'Completed',
  'Pending',
  'Receipt',
  'Search',
  'Cancel',
  'Save',
  'Close',
  'English',
];

/** What a person sees or hears on the page, minus the elements that hold demo data as typed. */
export async function visibleText(page: Page, skip: string[] = []): Promise<string> {
  return page.evaluate((skipSelectors) => {
    // Demo data as typed (names, stories) may be English: its text is taken out of the page's.
    const removed = skipSelectors.flatMap((sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)].map((el) => el.innerText),
    );
    let text = document.body.innerText;
    for (const r of removed) if (r) text = text.split(r).join(' ');
    const extra: string[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))
      extra.push(el.placeholder);
    // The browser's own date input writes its pattern in the browser's language, out of reach of
    // innerText: an English browser shows "mm/dd/yyyy" in each one that is visible.
    for (const el of document.querySelectorAll<HTMLInputElement>('input[type="date"]'))
      if (el.offsetWidth > 1 && el.offsetHeight > 1 && navigator.language.startsWith('en')) extra.push('mm/dd/yyyy');
    for (const el of document.querySelectorAll<HTMLElement>(
      'button[aria-label], a[aria-label], [role="progressbar"]',
    )) {
      const label = el.getAttribute('aria-label') ?? el.getAttribute('aria-valuetext');
      if (label) extra.push(label);
    }
    return [text, ...extra].join('\n');
  }, skip);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English phrases and words found in `text` (whole words, case as written). */
export function englishIn(text: string, phrases: string[], allow: string[] = []): string[] {
  let rest = text;
  for (const a of allow) rest = rest.split(a).join(' ');
  const found: string[] = [];
  for (const p of [...phrases, ...ENGLISH_WORDS]) {
    if (new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(p)}(?![\\p{L}\\d])`, 'u').test(rest)) found.push(p);
  }
  return found;
}
