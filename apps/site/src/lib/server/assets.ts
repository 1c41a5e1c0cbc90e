/**
 * The island bundles of a page kind, read from Vite's manifest (`dist/.vite/manifest.json`,
 * decision 017): the entry's file for `<script type="module">` and the chunks it imports
 * statically for `<link rel="modulepreload">`. Read again when the manifest changes, so a rebuild
 * while the server runs does not leave pages pointing at deleted files. Without a build the pages
 * are still whole (the content is in the HTML); only the islands stay inert.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where the API serves `apps/site/dist` (vite.config.ts `base`). */
export const ASSET_BASE = '/assets/site/';

/** A file of `src/entries/` without `.ts` (each is a page kind's client entry; vite.config.ts builds them all). */
export type EntryName = string;

export interface EntryAssets {
  script: string;
  preloads: string[];
  /** Further entry scripts of the same page (the referral notice's). */
  extraScripts?: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function entryAssets(manifest: Manifest, entry: EntryName): EntryAssets | null {
  const chunk = manifest[`src/entries/${entry}.ts`];
  if (!chunk) return null;
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || preloads.has(c.file)) return;
    preloads.add(c.file);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const i of chunk.imports ?? []) visit(i);
  return { script: ASSET_BASE + chunk.file, preloads: [...preloads].map((f) => ASSET_BASE + f) };
}

/** The manifest of `distDir`, cached by modification time; null when there is no build. */
export function manifestReader(distDir: string): () => Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(readFileSync(file, 'utf8')) };
    return cached.manifest;
  };
}
