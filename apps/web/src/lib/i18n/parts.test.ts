import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enContact from '../../locales/en/contact.json';
import esContact from '../../locales/es/contact.json';
import type { Tree } from './bundle';
import en from './en';
import enConsole from './en-console';
import es from './es';
import esConsole from './es-console';
import { LANGUAGES } from './index';
import { type Loader, type Part, stringParts } from './parts';

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

/**
 * Public pages that load a feature part with themselves (app/routes/pages.ts `strings`): keys under
 * its top-level key are in that part, not in the core strings (`contact`, which no public page
 * of the SPA uses since `/contact-us` moved to the server-rendered site).
 */
const PAGE_PARTS: Array<[prefix: string, en: Tree, es: Tree]> = [['contact.', enContact, esContact]];
const stringsFor = (core: Tree, lng: 'en' | 'es', key: string) => {
  const part = PAGE_PARTS.find(([prefix]) => key.startsWith(prefix));
  return part ? (lng === 'en' ? part[1] : part[2]) : core;
};

describe('string parts', () => {
  const files = outsideConsole();

  it('reaches the public and sign-in pages and not the console', () => {
    // The public pages are the server's now (apps/site); what the SPA keeps of features/public is its format helpers.
    expect(files.has('../../features/public/format.ts')).toBe(true);
    expect(files.has('../../features/auth/components/LoginForm.tsx')).toBe(true);
    expect([...files].filter((f) => /Console(Layout|Gate)|features\/donations\//.test(f))).toEqual([]);
  });

  it('has in the core strings every key the pages outside the console use', () => {
    const used = new Set<string>();
    for (const f of files) for (const m of (sources[f] ?? '').matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1]!);
    used.add('app.title');
    for (const lng of LANGUAGES) used.add(`languages.${lng}`);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !defined(stringsFor(en as Tree, 'en', k), k))).toEqual([]);
    expect([...used].filter((k) => !defined(stringsFor(es as Tree, 'es', k), k))).toEqual([]);
  });

  it('splits into parts that share no top-level key (the console part is added shallowly)', () => {
    const top = (tree: Tree) => Object.keys(tree).sort();
    expect(top(enConsole).filter((k) => k in en)).toEqual([]);
    expect(top(esConsole).filter((k) => k in es)).toEqual([]);
    expect(top(en)).toEqual(top(es));
    expect(top(enConsole)).toEqual(top(esConsole));
  });
});

/**
 * Loads of string parts interleaved with a language's backend read, each step released by hand
 * (`release('es/console')`): whatever the order, a part that `loadPart` resolved for is in every
 * language loaded or loading, and a language's read includes every part asked for before it ends.
 */
describe('string parts loaded while a language loads', () => {
  const PARTS: Part[] = ['core', 'console', 'campaigns', 'tasks'];
  type Lng = 'en' | 'es';

  function setup() {
    const gates = new Map<string, () => void>();
    const calls: string[] = [];
    const tree = (lng: Lng, part: Part): Tree => ({ [part]: { hello: `${lng} ${part}` } });
    const loader =
      (lng: Lng, part: Part): Loader =>
      () => {
        calls.push(`${lng}/${part}`);
        if (lng === 'en' && part === 'core') return Promise.resolve({ default: tree(lng, part) });
        return new Promise((resolve) => gates.set(`${lng}/${part}`, () => resolve({ default: tree(lng, part) })));
      };
    const loaders = Object.fromEntries(
      (['en', 'es'] as const).map((lng) => [lng, Object.fromEntries(PARTS.map((p) => [p, loader(lng, p)]))]),
    ) as Record<Lng, Record<Part, Loader>>;
    const i18n = i18next.createInstance();
    const strings = stringParts(i18n, loaders);
    const ready = i18n.use(strings.backend).init({
      resources: { en: { translation: tree('en', 'core') } },
      partialBundledLanguages: true,
      lng: 'en',
      fallbackLng: 'en',
    });
    const flush = () => new Promise((r) => setTimeout(r, 0));
    const release = async (name: string) => {
      await flush();
      const open = gates.get(name);
      if (!open) throw new Error(`${name} was not asked for (asked: ${calls.join(', ')})`);
      open();
      await flush();
    };
    const has = (lng: Lng, part: Part) => i18n.getResource(lng, 'translation', `${part}.hello`) === `${lng} ${part}`;
    return { i18n, strings, ready, release, has, flush };
  }

  it('adds a part asked for while the language loads another one it was asked for meanwhile', async () => {
    const { i18n, strings, ready, release, has } = setup();
    await ready;
    const switching = i18n.changeLanguage('es'); // es/core starts loading
    const console = strings.loadPart('console'); // asked while es/core loads
    await release('en/console');
    await release('es/core'); // the read goes on with es/console
    const tasks = strings.loadPart('tasks'); // asked while es/console loads
    await release('en/tasks');
    await release('es/console');
    await release('es/tasks');
    await Promise.all([switching, console, tasks]);
    expect(i18n.language).toBe('es');
    expect(PARTS.filter((p) => p !== 'campaigns').map((p) => [has('en', p), has('es', p)])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
  });

  it('resolves loadPart only once the part is in the language still loading', async () => {
    const { i18n, strings, ready, release, has } = setup();
    await ready;
    void i18n.changeLanguage('es');
    let done = false;
    const console = strings.loadPart('console').then(() => {
      done = true;
    });
    await release('en/console');
    expect(done).toBe(false); // es is still loading: the console would show without its strings
    await release('es/core');
    await release('es/console');
    await console;
    expect(has('es', 'console')).toBe(true);
  });

  it('makes a second caller of the same part wait for it too', async () => {
    const { strings, ready, release, has } = setup();
    await ready;
    const first = strings.loadPart('campaigns');
    let secondDone = false;
    const second = strings.loadPart('campaigns').then(() => {
      secondDone = true;
      return has('en', 'campaigns');
    });
    await Promise.resolve();
    expect(secondDone).toBe(false);
    await release('en/campaigns');
    await first;
    expect(await second).toBe(true);
  });
});
