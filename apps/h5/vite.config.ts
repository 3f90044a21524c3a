import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Relative: Node loads the config, and would not import a workspace package's TypeScript.
import { precompress } from '../../packages/web-client/src/vite-precompress';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The first screen's early requests (src/app/early.ts): an entry of its own. */
const early = 'src/app/early.ts';

/** The screens whose code early.ts loads beside the app's (its `virtual:early-pages`). */
const earlyPages = {
  home: 'src/features/home/HomePage.tsx',
  detail: 'src/features/catalog/DetailPage.tsx',
  cart: 'src/features/cart/CartPage.tsx',
  list: 'src/features/catalog/ListPage.tsx',
};
const earlyPagesId = 'virtual:early-pages';

/**
 * Loads src/app/early.ts async before the app's entry in index.html: in the build its own chunk
 * (an entry beside index.html) with its imports preloaded beside it, on the dev server the
 * module itself. Async, so it runs as soon as it arrives, while the app's larger chunks still
 * download.
 */
function earlyScript(): Plugin {
  let building = false;
  return {
    name: 'yaocai-early-script',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId: (id) => (id === earlyPagesId ? `\0${earlyPagesId}` : undefined),
    /**
     * The URL of each early screen's chunk: the chunk the router's lazy import makes, declared
     * loaded only after the app's entry so that rollup splits nothing more than it did.
     */
    load(id) {
      if (id !== `\0${earlyPagesId}`) return undefined;
      if (!building) return 'export default {};';
      const urls = Object.entries(earlyPages).map(([name, file]) => {
        const ref = this.emitFile({
          type: 'chunk',
          id: path.join(here, file),
          implicitlyLoadedAfterOneOf: [path.join(here, 'index.html')],
        });
        return `${JSON.stringify(name)}: import.meta.ROLLUP_FILE_URL_${ref}`;
      });
      return `export default { ${urls.join(', ')} };`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = ctx.bundle
          ? Object.values(ctx.bundle).find(
              (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith(early),
            )
          : undefined;
        if (!chunk || chunk.type !== 'chunk') {
          return [{ tag: 'script', attrs: { type: 'module', src: `/m/${early}` }, injectTo: 'head-prepend' }];
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/m/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
          ...chunk.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/m/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), earlyScript()],
  base: '/m/',
  server: { port: 5175, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    // scripts/first-load.mjs measures each screen's first load from it.
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html', early },
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-dom/client', 'react-router'],
          query: ['@tanstack/react-query'],
        },
      },
    },
  },
});
