import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Relative: Node loads the config, and would not import a workspace package's TypeScript.
import { precompress } from '../../packages/web-client/src/vite-precompress';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * dist/.vite/chunk-of.json: the chunk each source module ended in. Small chunks are merged into
 * others (experimentalMinChunkSize below), so a screen's module is not always a manifest key;
 * scripts/first-load.mjs finds its chunk here.
 */
function chunkOfModule(): Plugin {
  return {
    name: 'yaocai-chunk-of-module',
    generateBundle(_, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) chunkOf[path.relative(here, id)] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-of.json', source: JSON.stringify(chunkOf) });
    },
  };
}

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
