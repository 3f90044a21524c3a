import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative: Node loads the config, and would not import a workspace package's TypeScript.
import { precompress } from '../../packages/web-client/src/vite-precompress';

export default defineConfig({
  plugins: [react(), precompress()],
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
    rollupOptions: {
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          query: ['@tanstack/react-query'],
        },
      },
    },
  },
});
