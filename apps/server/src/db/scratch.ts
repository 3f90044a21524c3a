import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on a PostgreSQL server; `drop()` removes it again. */
export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty database named `<prefix>_<random>` on the server `serverUrl` points at, for
 * one API test file or one benchmark run (shared by apps/server/test and bench/, so it must not
 * import a test framework).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  /** A database to copy (CREATE DATABASE ... TEMPLATE; it must have no open connection). */
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (template && !/^[a-z0-9_]+$/.test(template)) throw new Error(`unsafe template name ${template}`);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
