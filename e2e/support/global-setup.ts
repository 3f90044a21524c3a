import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { testTempDir } from '../../apps/server/test/temp-dir';
import { e2eStart } from './clock';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplateDir: string;
  }
}

/**
 * Migrates and seeds one embedded database (and its uploads) once, dated from the journeys' clock
 * (support/clock.ts); every journey file copies it instead of loading the demo data again.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(testTempDir(), 'yaocai-e2e-template-'));
  const start = e2eStart();
  const app = await buildApp({
    config: { ...loadConfig({ DATA_DIR: dir }), logLevel: 'warn' },
    clock: { now: () => new Date(start) },
  });
  await app.ready();
  await app.close();
  project.provide('e2eTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
