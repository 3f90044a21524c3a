/**
 * The reference point of every HTTP budget: a bare Fastify hello-world on PORT. With
 * BARE_JSON_FILE it also answers GET /json with that file's JSON, parsed once and serialised
 * per request like an app route (and compressed like the app's when the client accepts it): the floor a response of that size has on this machine (the
 * cart bench serves the real 100-line cart state through it). With BARE_DATABASE_URL it also
 * answers GET /db?n=K after K sequential round trips of a trivial prepared query on a pool of
 * the app's size: the floor of a route that needs K round trips to PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import pg from 'pg';
import { compressOptions } from '../apps/server/src/plugins/http';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (process.env.BARE_JSON_FILE) {
  // Compressed as the app compresses, for a client that asks (the hello-world is below its 1 KB).
  await app.register(compress, compressOptions);
  const body: unknown = JSON.parse(readFileSync(process.env.BARE_JSON_FILE, 'utf8'));
  app.get('/json', async () => body);
}
if (process.env.BARE_DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 20 });
  app.get<{ Querystring: { n?: string } }>('/db', async (request) => {
    const n = Number(request.query.n ?? 1);
    for (let i = 0; i < n; i++) await pool.query({ name: 'floor', text: 'select $1::int as i', values: [i] });
    return { code: 10000, message: 'success', data: { n } };
  });
}
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
