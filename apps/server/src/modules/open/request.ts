// What the routes of /api/open/v1 need from the plugin that guards them (the key that called, the
// open API's refusal), apart from the plugin itself: the plugin registers the routes, so the
// routes importing the plugin made an import circle.
import type { OpenErrorCode, OpenScope } from '@yaocai/domain';
import { openErrorCodes } from '@yaocai/domain';
import type { FastifyRequest } from 'fastify';
import type { OperatorCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { OpenKey } from './keys';

/** What the open API's route plugins are given (from the app's configuration). */
export interface OpenV1Options {
  /** OPEN_ORDERS_SETTLE_MS (config.ts). */
  ordersSettleMs: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The open API scope a route of /api/open/v1 needs (every one names one; `any`: any key). */
    openScope?: OpenScope | 'any';
  }
  interface FastifyRequest {
    /** The open API key that called (set before validation on every /api/open/v1 route). */
    openKey?: OpenKey;
    /** The context of an open API call: the key acts as an operator holding its scopes' permissions. */
    openCtx(): OperatorCtx;
  }
}

/** A refusal of the open API with its stable code (the shop's AppError codes are numbers). */
export class OpenError extends AppError {
  constructor(
    statusCode: number,
    readonly openCode: OpenErrorCode,
    message: string = openErrorCodes[openCode],
  ) {
    super(statusCode, message);
  }
}

/** The key that called (routes of /api/open/v1 only: their onRequest hook set it). */
export function openKeyOf(request: FastifyRequest): OpenKey {
  if (!request.openKey) throw new OpenError(401, 'unauthorized');
  return request.openKey;
}
