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
    chunkSizeWarningLimit: 700,
  },
});
