import type { BackendModule, i18n as I18n } from 'i18next';
import { mergeInto, type Tree } from './bundle';

/**
 * The strings come in parts, each a chunk per language: `core` (every page: sign-in, public
 * pages, errors), `console` (loaded with the console: `loadPart`) and feature parts
 * (`campaigns`, `tasks`: loaded with the pages that use them).
 */
export type Part = 'core' | 'console' | 'campaigns' | 'tasks';
export type Loader = () => Promise<{ default: Tree }>;

/** The i18next backend that reads a language's parts in use, and `loadPart` to use one more. */
export function stringParts<L extends string>(i18n: I18n, loaders: Record<L, Record<Part, Loader>>) {
  const parts = new Set<Part>(['core']);
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
      const wanted = new Set(parts);
      loadStrings(language, wanted)
        // A part asked for while this language was loading (loadPart) is added before it is used.
        .then(async (tree) =>
          mergeInto(
            tree,
            await loadStrings(
              language,
              [...parts].filter((p) => !wanted.has(p)),
            ),
          ),
        )
        .then(
          (tree) => callback(null, tree),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
        );
    },
  };

  /** Loads a part of the strings (in every language already loaded, and in any chosen later). */
  async function loadPart(part: Part): Promise<void> {
    if (parts.has(part)) return;
    parts.add(part);
    const languages = (Object.keys(loaders) as L[]).filter((lng) => i18n.hasResourceBundle(lng, 'translation'));
    // Parts share no top-level key (parts.test.ts): a shallow add, not a deep merge of every string.
    await Promise.all(
      languages.map(async (lng) =>
        i18n.addResourceBundle(lng, 'translation', await loadStrings(lng, [part]), false, true),
      ),
    );
  }

  return { backend, loadPart };
}
