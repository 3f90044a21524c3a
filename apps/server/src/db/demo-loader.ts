import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { serverRoot } from '../config';
import type { FileStorage } from '../lib/storage';
import { settings } from './schema/core';
import type { Db } from './types';

/** What apps/server/demo offers the server (demo/index.ts). */
export interface DemoData {
  /** Loads the demo data into an empty database once; whether it did. */
  seedDemoData(db: Db, now: Date, storage?: FileStorage): Promise<boolean>;
  /** Schedules the demo flash sale's next round once its slots ended; whether it did. */
  rollDemoSpike(db: Db, nowMs: number): Promise<boolean>;
}

/**
 * The demo data lives outside the product (apps/server/demo). Run from source (tsx, Vitest) this
 * imports demo/index.ts; the compiled server imports dist-demo/index.js, which build.mjs bundles
 * apart from dist/server.js. The path is computed, so the bundler leaves it out of the server.
 */
export function demoEntry(): string {
  return import.meta.url.endsWith('.ts')
    ? path.join(serverRoot, 'demo', 'index.ts')
    : path.join(serverRoot, 'dist-demo', 'index.js');
}

export async function loadDemoData(): Promise<DemoData> {
  return (await import(pathToFileURL(demoEntry()).href)) as DemoData;
}

/** Whether the demo data was loaded into this database (its marker setting). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const [marker] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, 'demo_data'));
  return !!marker;
}
