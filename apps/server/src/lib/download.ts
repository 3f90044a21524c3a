import type { FastifyReply } from 'fastify';
import { z } from 'zod';

// How a route sends a file (PDF, .xlsx, CSV) as a private download under its Chinese name.

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV = 'text/csv; charset=utf-8';
/** The OpenAPI shape of a file body. */
export const fileBytes = z.string().meta({ format: 'binary' });

export const sendFile = (reply: FastifyReply, type: string, file: { bytes: Buffer | string; name: string }) =>
  reply
    .type(type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(file.bytes as never);
