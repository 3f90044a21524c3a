/**
 * The reference point of every HTTP budget: a bare Fastify hello-world on PORT. With
 * BARE_JSON_FILE it also answers GET /json with that file's JSON, parsed once and serialised
 * per request like an app route (and compressed like the app's when the client accepts it): the floor a response of that size has on this machine (the
 * cart bench serves the real 100-line cart state through it). With BARE_DATABASE_URL it also
 * answers GET /db?n=K after K sequential round trips of a trivial prepared query on a pool of
 * the app's size: the floor of a route that needs K round trips to PostgreSQL (GET /db?stages=1.2.1:
 * stages of such queries one after another, each stage's in parallel), and GET
 * /json?stages=1.2.3 the body after stages of such queries (each stage's in parallel). With
 * BARE_CART_USER as well, GET /cart-reads makes the cart list's own reads for that store (the
 * app's functions and statements, in the list's stages: standing; rows with the unshipped amount and the
 * cached promotions; the specials of its goods), then answers the same body: the floor of the
 * list with its real database work, less the pricing and shaping. GET /db?stages=1.1.4.2&hot=1
 * makes those stages, then a durable transaction on one connection that updates one row every
 * request shares (begin, a trivial query, the update, commit): the floor of an order for one
 * flash-sale goods, whose stock row every such order must lock until its commit is on disk.
 */
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { loadBuyerStanding } from '../apps/server/src/modules/account/standing';
import { loadCartRows } from '../apps/server/src/modules/cart/queries';
import { loadCartPromotions } from '../apps/server/src/modules/promotion/loaders';
import { liveSpecials, loadLineSpecials } from '../apps/server/src/modules/promotion/specials';
import { compressOptions } from '../apps/server/src/plugins/http';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (process.env.BARE_JSON_FILE) {
  // Compressed as the app compresses, for a client that asks (the hello-world is below its 1 KB).
  await app.register(compress, compressOptions);
  const body: unknown = JSON.parse(readFileSync(process.env.BARE_JSON_FILE, 'utf8'));
  // ?stages=1.2.3: first that many trivial queries per stage, a stage's in parallel (needs the pool).
  app.get<{ Querystring: { stages?: string } }>('/json', async (request) => {
    for (const size of request.query.stages?.split('.').map(Number) ?? [])
      await Promise.all(
        Array.from({ length: size }, (_, i) =>
          pool?.query({ name: 'floor', text: 'select $1::int as i', values: [i] }),
        ),
      );
    return body;
  });
  const cartUser = Number(process.env.BARE_CART_USER ?? 0);
  if (cartUser && process.env.BARE_DATABASE_URL) {
    const { db } = await openDatabase({ url: process.env.BARE_DATABASE_URL });
    app.get('/cart-reads', async () => {
      const now = new Date();
      if (!(await loadBuyerStanding(db, cartUser))) throw new Error('no such store');
      const [{ rows }, , live] = await Promise.all([
        loadCartRows(db, cartUser),
        loadCartPromotions(db, now),
        liveSpecials(db, now),
      ]);
      await loadLineSpecials(
        db,
        cartUser,
        rows.map((r) => r.goodsId),
        now,
        // What the list passes too: the rows carry the goods' coverage facts.
        { live: live.goods, facts: new Map(rows.map((r) => [r.goodsId, { ...r }])) },
      );
      return body;
    });
  }
}
const pool = process.env.BARE_DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 20 })
  : undefined;
if (pool) {
  // ?n=K: K queries one after another; ?stages=1.2.1: stages one after another, each stage's
  // queries in parallel (a route's real shape: reads side by side, then its transaction).
  app.get<{ Querystring: { n?: string; stages?: string; hot?: string } }>('/db', async (request) => {
    const stages =
      request.query.stages?.split('.').map(Number) ?? Array(Number(request.query.n ?? 1)).fill(1);
    for (const size of stages)
      await Promise.all(
        Array.from({ length: size }, (_, i) =>
          pool.query({ name: 'floor', text: 'select $1::int as i', values: [i] }),
        ),
      );
    if (request.query.hot) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query({ name: 'floor', text: 'select $1::int as i', values: [0] });
        await client.query({ name: 'floor_hot', text: 'update bench_hot_row set n = n + 1 where id = 1' });
        await client.query('commit');
      } finally {
        client.release();
      }
    }
    return { code: 10000, message: 'success', data: { queries: stages.reduce((a, b) => a + b, 0) } };
  });
  await pool.query('create table if not exists bench_hot_row (id int primary key, n bigint not null)');
  await pool.query('insert into bench_hot_row values (1, 0) on conflict do nothing');
}
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
