import { readdirSync } from 'node:fs';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * The islands' client bundles (decision 017): one entry per page kind, built to dist/ with a
 * manifest (the API writes each page's script and modulepreload tags from it, and
 * scripts/check-size.mjs measures each entry's initial JS). Served by the API under /assets/site/.
 */
export default defineConfig({
  base: '/assets/site/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [
    // Precompressed .br/.gz beside each file: the API serves them with preCompressed.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      threshold: 1024,
      exclude: /manifest\.json$/,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: '',
    sourcemap: false,
    manifest: true,
    // Module scripts only: every browser the site supports knows modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Every page kind's entry (all of src/entries/ but the shared hydrate.ts).
      input: readdirSync(new URL('src/entries/', import.meta.url))
        .filter((f) => f.endsWith('.ts') && f !== 'hydrate.ts')
        .sort()
        .map((f) => `src/entries/${f}`),
    },
  },
});
