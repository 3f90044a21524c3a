/**
 * The reference point of every HTTP budget: a bare Fastify hello-world on PORT. With
 * BARE_JSON_FILE it also answers GET /json with that file's JSON, parsed once and serialised
 * per request like an app route: the floor a response of that size has on this machine (the
 * cart bench serves the real 100-line cart state through it).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (process.env.BARE_JSON_FILE) {
  const body: unknown = JSON.parse(readFileSync(process.env.BARE_JSON_FILE, 'utf8'));
  app.get('/json', async () => body);
}
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
