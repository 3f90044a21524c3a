import { type PermissionCode, permissionName } from '@yaocai/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../lib/errors';
import { cachedOperatorAccess, type OperatorAccess } from '../modules/operator/access';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Route guard of an operator route: 401 unless an operator is signed in with a live session
     * (account enabled, session not older than its last disable or password reset), 403 with a
     * Chinese message unless one of the operator's roles grants `permission`. Without a
     * permission any signed-in operator passes.
     */
    requirePermission(
      permission?: PermissionCode,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in operator's access, set by requirePermission. */
    operatorAccess?: OperatorAccess;
  }
}

const sessionEnded = () => new AppError(401, '登录已失效，请重新登录管理后台', 10001);

export const operatorAccessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('operatorAccess', undefined);
    app.decorate('requirePermission', (permission?: PermissionCode) => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        if (!request.operatorAccess) {
          const session = await request.loadSession('operator');
          if (!session?.operatorId) throw new AppError(401, '请先登录管理后台', 10001);
          const access = await cachedOperatorAccess(app.db, session.operatorId);
          if (!access || access.disabled || (session.operatorVersion ?? 0) !== access.sessionVersion) {
            await reply.endSession('operator');
            throw sessionEnded();
          }
          request.operatorAccess = access;
          request.operatorId = access.id;
        }
        if (permission && !request.operatorAccess.permissions.includes(permission)) {
          throw forbidden(`您没有「${permissionName(permission)}」权限，请联系超级管理员分配`);
        }
      };
    });
  },
  { name: 'operator-access', dependencies: ['context'] },
);
