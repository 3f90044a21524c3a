import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplateDir: string;
  }
}

/**
 * Migrates and seeds one embedded database (and its uploads) once; every journey file copies
 * it instead of loading the demo data again.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'yaocai-e2e-template-'));
  const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dir }), logLevel: 'warn' } });
  await app.ready();
  await app.close();
  project.provide('e2eTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
