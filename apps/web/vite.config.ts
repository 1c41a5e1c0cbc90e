import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // Precompressed .br/.gz beside each asset: the API serves them with preCompressed.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      threshold: 1024,
      // The build manifest is read at build time (scripts/check-size.mjs), never served.
      exclude: /manifest\.json$/,
    }),
  ],
  server: {
    proxy: { '/api': api, '/files': api, '/healthz': api },
  },
  preview: {
    proxy: { '/api': api, '/files': api, '/healthz': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/check-size.mjs measures each route's initial JS from it.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads on every page: one file, not a dozen
          // (each extra request is a round trip on a phone).
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              // The MUI components of the public pages, most of them used by the console too:
              // one file rather than twenty requests of 1-2 KB each.
              name: 'ui',
              test: /node_modules[\\/]@mui[\\/]material[\\/](Card|CardContent|Avatar|LinearProgress|CircularProgress|List|ListItem|ListItemText|ListItemAvatar|Skeleton|Link|Stack|Container|Grid|Paper|Button|IconButton|Alert|OutlinedInput|InputBase|FormControl|InputLabel|FormLabel)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
