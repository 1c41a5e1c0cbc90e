/** The islands' translator (~0.3 KB): {{name}} interpolation and _one/_other plurals, as i18next writes them. */
export type Messages = Record<string, string>;
const plurals = new Map<string, Intl.PluralRules>();
export function makeT(m: Messages, lng: string) {
  let rules = plurals.get(lng);
  if (!rules) plurals.set(lng, (rules = new Intl.PluralRules(lng)));
  const r = rules;
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const k = 'count' in vars ? `${key}_${r.select(Number(vars.count))}` : key;
    const s = m[k] ?? m[`${key}_other`] ?? m[key] ?? key;
    return s.includes('{{') ? s.replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(vars[n] ?? '')) : s;
  };
}
