import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type BuyerCtx,
  type Clock,
  type Ctx,
  type OperatorCtx,
  systemClock,
  type ViewerCtx,
  type VisitorActor,
  visitorActor,
} from '../lib/context';
import { AppError, notLoggedIn } from '../lib/errors';
import { loadBuyerStanding } from '../modules/account/standing';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application clock (tests set `app.clock.now`). */
    clock: Clock;
  }
  interface FastifyRequest {
    /**
     * The context of a call made before anyone is known (login, SMS codes, registration steps):
     * a visitor, without reading the session.
     */
    visitorCtx(): Ctx<VisitorActor>;
    /** The request context of a visitor or a buyer (catalogue reads). Loaded once per request. */
    viewerCtx(): Promise<ViewerCtx>;
    /** The request context of the logged-in buyer; 401 for a visitor. */
    buyerCtx(): Promise<BuyerCtx>;
    /** The request context of the operator a requirePermission guard admitted; 401 otherwise. */
    operatorCtx(): Promise<OperatorCtx>;
  }
}

/**
 * Builds the request context (lib/context.ts) from the session: the buyer's standing is one
 * prepared statement, read at most once per request; `now` is read once per request from the
 * application clock, so every date a request compares is the same instant.
 */
export const contextPlugin = fp(
  async (app: FastifyInstance, options: { clock?: Clock }) => {
    app.decorate('clock', options.clock ?? systemClock());
    const viewers = new WeakMap<FastifyRequest, Promise<ViewerCtx>>();
    const nows = new WeakMap<FastifyRequest, Date>();
    const nowOf = (request: FastifyRequest) => {
      let now = nows.get(request);
      if (!now) {
        now = app.clock.now();
        nows.set(request, now);
      }
      return now;
    };

    async function loadViewer(request: FastifyRequest): Promise<ViewerCtx> {
      const now = nowOf(request);
      const userId = await request.buyerId();
      const standing = userId ? await loadBuyerStanding(app.db, userId) : undefined;
      if (!standing) return { db: app.db, actor: visitorActor, now };
      return {
        db: app.db,
        actor: { kind: 'buyer', userId: standing.userId, companyId: standing.companyId, standing },
        now,
      };
    }

    app.decorateRequest('viewerCtx', function (this: FastifyRequest) {
      let loaded = viewers.get(this);
      if (!loaded) {
        loaded = loadViewer(this);
        viewers.set(this, loaded);
      }
      return loaded;
    });
    app.decorateRequest('visitorCtx', function (this: FastifyRequest) {
      return { db: app.db, actor: visitorActor, now: nowOf(this) };
    });
    app.decorateRequest('buyerCtx', async function (this: FastifyRequest) {
      const ctx = await this.viewerCtx();
      if (ctx.actor.kind !== 'buyer') throw notLoggedIn();
      return ctx as BuyerCtx;
    });
    app.decorateRequest('operatorCtx', async function (this: FastifyRequest) {
      // The route's requirePermission guard loaded the access; a route without one still needs
      // a signed-in operator.
      if (!this.operatorAccess) throw new AppError(401, '请先登录管理后台', 10001);
      const { id, username, permissions } = this.operatorAccess;
      return {
        db: app.db,
        actor: { kind: 'operator', operatorId: id, username, permissions },
        now: nowOf(this),
      };
    });
  },
  { name: 'context' },
);
