import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative: Node loads the config, and would not import a workspace package's TypeScript.
import { precompress } from '../../packages/web-client/src/vite-precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  base: '/m/',
  server: { port: 5175, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    // scripts/first-load.mjs measures each screen's first load from it.
    manifest: true,
    rollupOptions: {
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-dom/client', 'react-router'],
          query: ['@tanstack/react-query'],
        },
      },
    },
  },
});
