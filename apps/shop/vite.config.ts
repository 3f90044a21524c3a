import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative: Node loads the config, and would not import a workspace package's TypeScript.
import { chunkOfModule } from '../../packages/web-client/src/vite-chunk-of';
import { precompress } from '../../packages/web-client/src/vite-precompress';

export default defineConfig({
  plugins: [react(), precompress(), chunkOfModule()],
  resolve: {
    alias: {
      'resize-observer-polyfill': fileURLToPath(
        new URL('../../packages/web-client/src/native-resize-observer.ts', import.meta.url),
      ),
    },
  },
  base: '/',
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    // scripts/first-load.mjs measures each page's static closure from it.
    manifest: true,
    rollupOptions: {
      output: {
        // Chunks under 8 KB (before compression) are merged into their importers, as in the H5
        // app: a page loaded 25-80 chunks of 0.5-3 KB, each a request (with about 0.4 KB of
        // headers) and, on a slow phone with six connections, a share of a round trip. Measured
        // by the static closure of every page (bench/RESULTS.md): requests halve, bytes move by
        // a few KB either way, home unchanged.
        experimentalMinChunkSize: 8_000,
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          query: ['@tanstack/react-query'],
        },
      },
    },
  },
});
