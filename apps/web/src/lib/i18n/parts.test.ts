import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../app/pages/ComingSoonPage';
import type { Tree } from './bundle';
import en from './en';
import enConsole from './en-console';
import es from './es';
import esConsole from './es-console';
import { LANGUAGES } from './index';

// The pages outside the console get only the `core` strings: every key their code uses must be
// there, or a visitor would read the key instead of a sentence.
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const SEEDS = [
  '../../main.tsx',
  '../../app/routes/',
  '../../app/pages/',
  '../../features/public/',
  '../../features/auth/',
];

function resolve(from: string, spec: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  const base = parts.join('/');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => f in sources);
}

/** Files reachable by static imports from the public and sign-in pages (lazy imports are other pages). */
function outsideConsole(): Set<string> {
  const seen = new Set<string>();
  const queue = Object.keys(sources).filter((f) => SEEDS.some((s) => f === s || (s.endsWith('/') && f.startsWith(s))));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of (sources[file] ?? '').matchAll(/^import [^;]*? from '(\.[^']+)';/gms)) {
      const target = m[1] ? resolve(file, m[1]) : undefined;
      if (target) queue.push(target);
    }
  }
  return seen;
}

const has = (tree: Tree, key: string) => {
  const leaf = key
    .split('.')
    .reduce<Tree | string | undefined>((n, k) => (typeof n === 'object' ? n[k] : undefined), tree);
  return typeof leaf === 'string';
};
const defined = (tree: Tree, k: string) => has(tree, k) || (has(tree, `${k}_one`) && has(tree, `${k}_other`));

describe('string parts', () => {
  const files = outsideConsole();

  it('reaches the public and sign-in pages and not the console', () => {
    expect(files.has('../../features/public/components/DonatePage.tsx')).toBe(true);
    expect(files.has('../../features/auth/components/LoginForm.tsx')).toBe(true);
    expect([...files].filter((f) => /Console(Layout|Gate)|features\/donations\//.test(f))).toEqual([]);
  });

  it('has in the core strings every key the pages outside the console use', () => {
    const used = new Set<string>();
    for (const f of files) for (const m of (sources[f] ?? '').matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1]!);
    used.add('app.title');
    for (const lng of LANGUAGES) used.add(`languages.${lng}`);
    for (const feature of FEATURES) used.add(`features.${feature}`);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !defined(en as Tree, k))).toEqual([]);
    expect([...used].filter((k) => !defined(es as Tree, k))).toEqual([]);
  });

  it('splits into parts that share no top-level key (the console part is added shallowly)', () => {
    const top = (tree: Tree) => Object.keys(tree).sort();
    expect(top(enConsole).filter((k) => k in en)).toEqual([]);
    expect(top(esConsole).filter((k) => k in es)).toEqual([]);
    expect(top(en)).toEqual(top(es));
    expect(top(enConsole)).toEqual(top(esConsole));
  });
});
