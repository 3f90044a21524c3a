import {
  createOperatorBody,
  emptyBody,
  envelope,
  idParams,
  operatorStatusBody,
  operatorView,
  resetOperatorPasswordBody,
  roleView,
  updateOperatorBody,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import {
  createOperator,
  listOperators,
  listRoles,
  resetOperatorPassword,
  setOperatorDisabled,
  updateOperator,
} from './service';

/** Operator accounts and roles (超级管理员: operators:write). */
export const operatorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('operators:write');
  const tags = ['admin'];

  app.get(
    '/admin/roles',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Roles with their permissions',
        response: { 200: envelope(z.array(roleView)) },
      },
    },
    async () => ok(await listRoles(app.db)),
  );
  app.get(
    '/admin/operators',
    {
      preValidation: guard,
      schema: { tags, summary: 'Operator accounts', response: { 200: envelope(z.array(operatorView)) } },
    },
    async () => ok(await listOperators(app.db)),
  );
  app.post(
    '/admin/operators',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create an operator',
        body: createOperatorBody,
        response: { 200: envelope(operatorView) },
      },
    },
    async (request) => ok(await createOperator(await request.operatorCtx(), request.body), '操作员已创建'),
  );
  app.post(
    '/admin/operators/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Change an operator's name and roles",
        params: idParams,
        body: updateOperatorBody,
        response: { 200: envelope(operatorView) },
      },
    },
    async (request) =>
      ok(await updateOperator(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/operators/:id/password',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Reset an operator's password",
        params: idParams,
        body: resetOperatorPasswordBody,
        response: { 200: emptyBody },
      },
    },
    async (request) => {
      await resetOperatorPassword(await request.operatorCtx(), request.params.id, request.body.password);
      return ok(null, '密码已重置，该操作员需重新登录');
    },
  );
  app.post(
    '/admin/operators/:id/status',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Disable or enable an operator',
        params: idParams,
        body: operatorStatusBody,
        response: { 200: envelope(operatorView) },
      },
    },
    async (request) =>
      ok(
        await setOperatorDisabled(await request.operatorCtx(), request.params.id, request.body.disabled),
        request.body.disabled ? '已停用，该操作员的登录已失效' : '已启用',
      ),
  );
};
