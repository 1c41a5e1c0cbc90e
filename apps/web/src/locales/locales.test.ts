import { ACTIONS, PROFILE_TYPES, ROLES, USER_STATUSES } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { MENUS } from '../app/navigation/menu';
import { SKINS } from '../lib/prefs/preferences';

type Tree = { [key: string]: string | Tree };

// The base file plus every feature file of each language (as lib/i18n merges them).
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
function merged(lng: string): Tree {
  const out: Tree = {};
  const merge = (target: Tree, source: Tree) => {
    for (const [k, v] of Object.entries(source)) {
      const t = target[k];
      if (typeof v === 'object' && typeof t === 'object') merge(t, v);
      else target[k] = typeof v === 'object' ? merge({}, v) : v;
    }
    return target;
  };
  for (const [path, tree] of Object.entries(files)) if (path.startsWith(`./${lng}/`)) merge(out, tree);
  return out;
}
const en = merged('en');
const es = merged('es');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const enKeys = flatten(en as Tree);
const esKeys = flatten(es as Tree);

// Every source file, as text, to find the literal keys passed to t().
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('locales', () => {
  it('en and es have the same keys', () => {
    const missingInEs = [...enKeys.keys()].filter((k) => !esKeys.has(k));
    const missingInEn = [...esKeys.keys()].filter((k) => !enKeys.has(k));
    expect(missingInEs, 'keys missing in es').toEqual([]);
    expect(missingInEn, 'keys missing in en').toEqual([]);
  });

  it('has no empty translations', () => {
    const empty = [...enKeys, ...esKeys].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('keeps the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const diff = [...enKeys].filter(([k, v]) => JSON.stringify(vars(v)) !== JSON.stringify(vars(esKeys.get(k) ?? '')));
    expect(diff.map(([k]) => k)).toEqual([]);
  });

  it('defines every literal key used with t() in the source', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/\bt\(\s*'([\w.-]+)'/g)) if (m[1]) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    // A plural key is defined by its i18next forms (key_one, key_other).
    const defined = (k: string) => enKeys.has(k) || (enKeys.has(`${k}_one`) && enKeys.has(`${k}_other`));
    expect([...used].filter((k) => !defined(k))).toEqual([]);
  });

  it('defines every dynamic key family', () => {
    const families: string[] = [
      ...ROLES.map((r) => `roles.${r}`),
      ...USER_STATUSES.map((s) => `status.${s}`),
      ...PROFILE_TYPES.map((p) => `profileTypes.${p}`),
      ...ACTIONS.map((a) => `acl.actions.${a}`),
      ...SKINS.map((s) => `customizer.skins.${s}`),
      ...Object.values(MENUS).flatMap((items) =>
        items.flatMap((item) => [item.title, ...('children' in item ? item.children.map((c) => c.title) : [])]),
      ),
    ];
    expect(families.filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('uses the product title', () => {
    expect(enKeys.get('app.title')).toBe('FUNDRAISER CONSOLE');
    expect(esKeys.get('app.title')).toBe('FUNDRAISER CONSOLE');
  });
});
