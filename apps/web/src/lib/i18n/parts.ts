import type { BackendModule, i18n as I18n } from 'i18next';
import { mergeInto, type Tree } from './bundle';

/**
 * The strings come in parts, each a chunk per language: `core` (every page: sign-in, public
 * pages, errors), `console` (loaded with the console: `loadPart`) and feature parts
 * (`campaigns`, `tasks`, `contact`, `registrations`: loaded with the pages that use them; `contact`
 * serves the console's list of Contact-Us messages: the form itself is the server-rendered site's).
 */
export type Part =
  | 'core'
  | 'console'
  | 'campaigns'
  | 'tasks'
  | 'contact'
  | 'registrations'
  | 'affiliates'
  | 'sponsorships'
  | 'help'
  | 'fundraisers';
export type Loader = () => Promise<{ default: Tree }>;

/**
 * The i18next backend that reads a language's parts in use, and `loadPart` to use one more.
 *
 * A language is either loaded (its bundle is in the store), loading (a backend read in flight)
 * or not yet asked for. `loadPart` adds the part to the loaded ones itself; a read in flight
 * takes in every part asked for before it answers (it checks again after each round of loads,
 * and answers in the same step as its last check, so the bundle is in the store before anything
 * else runs); a later read includes it from the start. `loadPart` resolves once the part is in
 * the loaded languages and the reads in flight have answered, and every caller of one part
 * waits for the same load.
 */
export function stringParts<L extends string>(i18n: I18n, loaders: Record<L, Record<Part, Loader>>) {
  const parts = new Set<Part>(['core']);
  const loading = new Map<Part, Promise<void>>([['core', Promise.resolve()]]);
  const reading = new Map<L, Promise<void>>();
  const isLanguage = (value: string): value is L => value in loaders;

  async function loadStrings(language: L, wanted: Iterable<Part>): Promise<Tree> {
    const loaded = await Promise.all([...wanted].map((part) => loaders[language][part]()));
    return loaded.reduce<Tree>((tree, m) => mergeInto(tree, m.default), {});
  }

  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      if (!isLanguage(language)) return callback(null, {});
      const tree: Tree = {};
      const read = new Set<Part>();
      let settle = () => {};
      reading.set(
        language,
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
      );
      const answer = (err: Error | null) => {
        reading.delete(language);
        settle();
        callback(err, err ? false : tree);
      };
      const step = () => {
        const missing = [...parts].filter((p) => !read.has(p));
        if (missing.length === 0) return answer(null);
        for (const p of missing) read.add(p);
        loadStrings(language, missing).then(
          (more) => {
            mergeInto(tree, more);
            step();
          },
          (err: unknown) => answer(err instanceof Error ? err : new Error(String(err))),
        );
      };
      step();
    },
  };

  async function addPart(part: Part): Promise<void> {
    parts.add(part);
    const languages = (Object.keys(loaders) as L[]).filter((lng) => i18n.hasResourceBundle(lng, 'translation'));
    // Parts share no top-level key (parts.test.ts): a shallow add, not a deep merge of every string.
    await Promise.all([
      ...languages.map(async (lng) =>
        i18n.addResourceBundle(lng, 'translation', await loadStrings(lng, [part]), false, true),
      ),
      ...reading.values(),
    ]);
  }

  /** Loads a part of the strings (in every language loaded or loading, and in any chosen later). */
  function loadPart(part: Part): Promise<void> {
    let load = loading.get(part);
    if (!load) {
      // A failed download can be tried again by the next caller.
      load = addPart(part).catch((err: unknown) => {
        loading.delete(part);
        throw err;
      });
      loading.set(part, load);
    }
    return load;
  }

  return { backend, loadPart };
}
