import { adSlotSize } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ads } from '../../db/schema/content';
import { brandLogoFacts, goodsPackagingFacts } from '../catalog/drawn-media';
import { bannerSvg, brandSvg, packagingSvg, qrSvg } from './svg';

const sendSvg = (reply: FastifyReply, body: string) =>
  reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body);

const notFound = (reply: FastifyReply) =>
  reply.status(404).type('text/plain; charset=utf-8').send('not found');

/** The drawing itself: an SVG document, not the JSON envelope. */
const svgSchema = (summary: string) => ({
  schema: { tags: ['media'], summary, produces: ['image/svg+xml'], response: { 200: z.string() } },
});

const qrCaptions = new Map([
  ['wechat.svg', '关注药采公众号'],
  ['app.svg', '下载药采 APP'],
]);

/** Drawn images: /media/goods/{id}.svg (and {id}-{face}.svg), /media/brands/{id}.svg, /media/ads/{id}.svg, /media/qr/{name}.svg. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  app.get<{ Params: { file: string } }>(
    '/media/goods/:file',
    svgSchema('Goods packaging: {id}.svg, {id}-{face}.svg'),
    async (request, reply) => {
      const m = /^(\d{1,9})(?:-([123]))?\.svg$/.exec(request.params.file);
      if (!m) return notFound(reply);
      const row = await goodsPackagingFacts(db, Number(m[1]));
      if (!row) return notFound(reply);
      return sendSvg(reply, packagingSvg(row, Number(m[2] ?? 1)));
    },
  );

  app.get<{ Params: { file: string } }>(
    '/media/brands/:file',
    svgSchema('Brand logo'),
    async (request, reply) => {
      const m = /^(\d{1,9})\.svg$/.exec(request.params.file);
      if (!m) return notFound(reply);
      const row = await brandLogoFacts(db, Number(m[1]));
      if (!row) return notFound(reply);
      return sendSvg(reply, brandSvg(row.name, row.color));
    },
  );

  app.get<{ Params: { file: string } }>(
    '/media/ads/:file',
    svgSchema('Ad banner'),
    async (request, reply) => {
      const m = /^(\d{1,9})\.svg$/.exec(request.params.file);
      if (!m) return notFound(reply);
      const [row] = await db
        .select()
        .from(ads)
        .where(eq(ads.id, Number(m[1])));
      if (!row) return notFound(reply);
      return sendSvg(reply, bannerSvg(row.title, row.subtitle, row.color, adSlotSize(row.position)));
    },
  );

  app.get<{ Params: { file: string } }>(
    '/media/qr/:file',
    svgSchema('QR code (wechat.svg, app.svg)'),
    async (request, reply) => {
      // A Map: a name like valueOf must not find Object.prototype's function.
      const caption = qrCaptions.get(request.params.file);
      if (!caption) return notFound(reply);
      return sendSvg(reply, qrSvg(request.params.file, caption));
    },
  );
};
