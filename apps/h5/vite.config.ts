import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative: Node loads the config, and would not import a workspace package's TypeScript.
import { chunkOfModule } from '../../packages/web-client/src/vite-chunk-of';
import { precompress } from '../../packages/web-client/src/vite-precompress';

export default defineConfig({
  plugins: [react(), precompress(), chunkOfModule()],
  base: '/m/',
  server: { port: 5175, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    // scripts/first-load.mjs measures each screen's first load from it.
    manifest: true,
    rollupOptions: {
      output: {
        // Chunks under 8 KB (before compression) are merged into their importers: a screen
        // loaded a dozen 1 KB chunks after the app's entry (its card, countdown, formatters),
        // and on a slow 4G phone with six connections each round of them cost a round trip.
        experimentalMinChunkSize: 8_000,
        manualChunks: {
          react: ['react', 'react-dom', 'react-dom/client', 'react-router'],
          query: ['@tanstack/react-query'],
        },
      },
    },
  },
});
