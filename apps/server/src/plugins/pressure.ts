import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PressureConfig } from '../config';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * @fastify/under-pressure's handler for this route when the process is under pressure;
     * one that returns nothing lets the request through (`exemptFromPressure`).
     */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => void;
  }
}

/** The refusal of a shed request: the envelope with 503 (and Retry-After). */
class Overloaded extends AppError {
  constructor() {
    super(503, '系统繁忙，请稍候再试');
  }
}

/**
 * Route config of a route that answers whatever the load: the health checks, so that a load
 * balancer tells a busy process (whose requests answer 503) from a dead one.
 */
export const exemptFromPressure = { pressureHandler: () => undefined };

/**
 * Load shedding: @fastify/under-pressure samples the event loop delay and utilisation, the heap
 * and the RSS, and past a threshold every request answers 503 at once (before the session
 * lookup, the body, the database) instead of queueing behind a stalled loop. Registered early,
 * so its onRequest hook runs before the others.
 */
export const pressurePlugin = fp(async (app: FastifyInstance, options: { pressure: PressureConfig }) => {
  const { pressure } = options;
  // Starting blocks the loop (migrations, every route's schemas compiled, the catalogue index
  // built by a later onReady hook, in process on PGlite): the samples taken then would shed the
  // first requests of a process that is only new. Shedding begins once two samples were taken
  // after the app was ready, and again after it started listening (the bench's PGlite server,
  // building its index of 100,000 goods before answering, shed its first requests with 503).
  let sheddingFrom = Number.POSITIVE_INFINITY;
  const startGrace = async () => {
    sheddingFrom = performance.now() + 2 * pressure.sampleIntervalMs;
  };
  app.addHook('onReady', startGrace);
  app.addHook('onListen', startGrace);
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelayMs,
    maxEventLoopUtilization: pressure.maxEventLoopUtilization,
    // The interval's own figure, not the average since the start: shedding ends with the load.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: pressure.maxHeapUsedBytes,
    maxRssBytes: pressure.maxRssBytes,
    sampleInterval: pressure.sampleIntervalMs,
    // A rejection reaches the error handler: the envelope.
    pressureHandler: async (_request, reply) => {
      if (performance.now() < sheddingFrom) return;
      reply.header('retry-after', String(pressure.retryAfterSeconds));
      throw new Overloaded();
    },
  });
});
