export type Tree = { [key: string]: string | Tree };

/** Deep-merges `source` into `target` (later wins); `source`'s objects are copied, not changed. */
export function mergeInto(target: Tree, source: Tree): Tree {
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    target[k] = typeof v === 'object' && typeof t === 'object' ? mergeInto({ ...t }, v) : v;
  }
  return target;
}

/** One language's namespace: the base file with the feature files (`locales/{lng}/{feature}.json`) merged in. */
export function bundle(base: Tree, features: Record<string, Tree>): Tree {
  const out = mergeInto({}, base);
  for (const tree of Object.values(features)) mergeInto(out, tree);
  return out;
}
