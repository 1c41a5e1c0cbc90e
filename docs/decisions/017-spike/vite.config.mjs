// Option B as the product would build it: Vite, one entry per page's islands, a manifest.
import path from 'node:path';
import { defineConfig } from 'vite';
const here = import.meta.dirname;
export default defineConfig({
  root: here,
  logLevel: 'warn',
  resolve: { alias: { react: 'preact/hooks' } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: path.join(here, 'out/vite'), emptyOutDir: true, manifest: true, modulePreload: { polyfill: false },
    rollupOptions: { input: Object.fromEntries(['home', 'player', 'campaign', 'checkout'].map((p) => [p, path.join(here, `src/entries/b-${p}.tsx`)])) },
  },
});
