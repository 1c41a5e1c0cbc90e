/**
 * Every error code the API can answer has a translated sentence in `errors.codes` (core strings:
 * locales' translation.json and errors.json) in English and Spanish (issue 12: Spanish screens
 * show no English). The codes are read from the API's source:
 * the codes passed to `new AppError(status, CODE, …)` and to the helpers of `lib/errors.ts`
 * (`badRequest(CODE, …)`, `conflict(CODE, …)`, `notFound/forbidden/unauthorized(message, CODE?)`,
 * whose default codes are read from their definitions), plus the literal codes of the error bodies
 * the handlers shape themselves (`{ hasError: true, code: … }` in plugins/errors.ts and app.ts).
 * Payment-provider codes (Stripe's, lower case) come with the provider's own message and are not
 * listed here.
 */
import { describe, expect, it } from 'vitest';
import enErrors from '../../locales/en/errors.json';
import enBase from '../../locales/en/translation.json';
import esErrors from '../../locales/es/errors.json';
import esBase from '../../locales/es/translation.json';

const sources = import.meta.glob<string>(['../../../../api/src/**/*.ts', '!../../../../api/src/**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const CODE = /^[A-Z][A-Z0-9_]*$/;
const HELPERS_FILE = '/api/src/lib/errors.ts';

/** Which argument of each helper is the code. */
const CODE_ARG = { 'new AppError': 1, badRequest: 0, conflict: 0, notFound: 1, forbidden: 1, unauthorized: 1 } as const;
type Helper = keyof typeof CODE_ARG;

/** Index just after the bracket that closes the one opened before `from`; skips string literals. */
function closing(s: string, from: number): number {
  let depth = 1;
  let i = from;
  for (; i < s.length && depth > 0; i++) {
    const c = s.charAt(i);
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < s.length && s.charAt(i) !== c; i++) if (s.charAt(i) === '\\') i++;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
  }
  return i;
}

/** The top-level arguments of a call's argument text. */
function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      for (; j < text.length && text.charAt(j) !== c; j++) if (text.charAt(j) === '\\') j++;
      cur += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The code-like string literals in an expression (one for `'X'`, both for `a ? 'X' : 'Y'`). */
const literalCodes = (expr: string) =>
  [...expr.matchAll(/'([^'\\]*)'|"([^"\\]*)"/g)].map((m) => m[1] ?? m[2] ?? '').filter((s) => CODE.test(s));

function apiCodes() {
  const helpers = Object.entries(sources).find(([path]) => path.endsWith(HELPERS_FILE))?.[1];
  if (!helpers) throw new Error(`${HELPERS_FILE} not found`);
  // `export const notFound = (message = '…', code = 'NOT_FOUND') => …`
  const defaults = new Map<string, string>();
  for (const m of helpers.matchAll(/export const (\w+) = \([^)]*\bcode = '([A-Z0-9_]+)'/g))
    defaults.set(m[1] ?? '', m[2] ?? '');

  const codes = new Map<string, string>(); // code → first place seen
  const unreadable: string[] = [];
  const add = (code: string, where: string) => codes.has(code) || codes.set(code, where);
  for (const [path, text] of Object.entries(sources)) {
    const file = path.replace(/^(\.\.\/)+/, '');
    for (const m of text.matchAll(/\b(new AppError|badRequest|conflict|notFound|forbidden|unauthorized)\(/g)) {
      const helper = m[1] as Helper;
      const start = (m.index ?? 0) + m[0].length;
      const args = splitArgs(text.slice(start, closing(text, start) - 1));
      const where = `${file}:${text.slice(0, m.index).split('\n').length}`;
      const arg = args[CODE_ARG[helper]];
      if (arg === undefined) {
        const code = defaults.get(helper);
        if (code) add(code, where);
        else if (!path.endsWith(HELPERS_FILE)) unreadable.push(`${where} ${helper}() without a code`);
        continue;
      }
      const found = literalCodes(arg);
      // The helpers themselves pass their `code` parameter on; anywhere else the code is written out.
      if (found.length === 0 && !path.endsWith(HELPERS_FILE)) unreadable.push(`${where} code ${arg}`);
      for (const code of found) add(code, where);
    }
    // Bodies shaped by hand: `send({ hasError: true, code: … })`.
    for (const m of text.matchAll(/\{\s*hasError: true,/g)) {
      const start = (m.index ?? 0) + 1;
      const body = text.slice(start, closing(text, start));
      const code = body.match(/\bcode:\s*([^,\n]+)/)?.[1] ?? '';
      for (const c of literalCodes(code)) add(c, `${file} (error body)`);
    }
  }
  return { codes, unreadable };
}

// The core strings' codes as lib/i18n merges them: translation.json, then errors.json.
const en: Record<string, string> = { ...enBase.errors.codes, ...enErrors.errors.codes };
const es: Record<string, string> = { ...esBase.errors.codes, ...esErrors.errors.codes };

describe('API error codes', () => {
  const { codes, unreadable } = apiCodes();

  it('are written as literals the test can read', () => {
    expect(unreadable, 'write the error code as a string literal').toEqual([]);
  });

  it('are found in the API source (the extraction works)', () => {
    for (const known of ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', 'THROTTLED', 'INTERNAL'])
      expect(codes.has(known), known).toBe(true);
    // A ternary's two codes and a multi-line call.
    expect(codes.has('PAYMENT_PROVIDER_UNAVAILABLE')).toBe(true);
    expect(codes.has('REGISTRATION_DETAILS_REQUIRED')).toBe(true);
  });

  it('each have a sentence in English and a different one in Spanish', () => {
    const missing = [...codes]
      .filter(([code]) => !en[code]?.trim() || !es[code]?.trim() || en[code] === es[code])
      .map(([code, where]) => `${code} (${where}): en=${JSON.stringify(en[code])} es=${JSON.stringify(es[code])}`);
    const translated = [...codes.keys()].filter((code) => en[code]?.trim() && es[code]?.trim()).length;
    console.log(`[i18n] API error codes: ${codes.size}, translated in en and es: ${translated}`);
    expect(missing, 'add these codes to locales/{en,es}/errors.json (errors.codes)').toEqual([]);
  });
});
