import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * dist/.vite/chunk-of.json: the chunk each source module ended in, keyed by its path from the
 * app's root. Small chunks are merged into others (`experimentalMinChunkSize`), so a page's
 * module is not always a key of the build's manifest; each SPA's scripts/first-load.mjs finds
 * the page's chunk here.
 */
export function chunkOfModule(): Plugin {
  let root = '.';
  return {
    name: 'yaocai-chunk-of-module',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) chunkOf[path.relative(root, id)] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-of.json', source: JSON.stringify(chunkOf) });
    },
  };
}
