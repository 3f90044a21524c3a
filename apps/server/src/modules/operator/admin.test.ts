import { contentKinds, initialRoles, settingsSections } from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../../../test/factories';
import { cookiesOf, createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

type Role = (typeof initialRoles)[number]['code'];
const everyRole = initialRoles.map((r) => r.code);

/**
 * Every operator route with the roles that may call it. A route missing here fails the
 * "covers every route" test, so a new operator route must say who may use it.
 */
const matrix: { method: 'GET' | 'POST' | 'DELETE'; url: string; path: string; roles: Role[] }[] = [
  { method: 'GET', url: '/api/admin/me', path: '/api/admin/me', roles: everyRole },
  // Every operator; each part of it only with its permission (dashboard/routes.test.ts).
  { method: 'GET', url: '/api/admin/dashboard', path: '/api/admin/dashboard', roles: everyRole },
  ...[
    ['GET', '/api/admin/settings', '/api/admin/settings'],
    ...settingsSections
      .filter((s) => s !== 'transfer')
      .map((s) => ['POST', `/api/admin/settings/${s}`, `/api/admin/settings/${s}`]),
    ['GET', '/api/admin/categories', '/api/admin/categories'],
    ['POST', '/api/admin/categories', '/api/admin/categories'],
    ['POST', '/api/admin/categories/999999', '/api/admin/categories/{id}'],
    ['POST', '/api/admin/categories/999999/delete', '/api/admin/categories/{id}/delete'],
  ].map(([method, url, path]) => ({
    method: method as 'GET' | 'POST',
    url,
    path,
    roles: ['super_admin', 'operations'] as Role[],
  })),
  // 搜索同义词 and 搜索词统计: search:read, search:write (运营).
  ...[
    ['GET', '/api/admin/search/synonyms', '/api/admin/search/synonyms'],
    ['POST', '/api/admin/search/synonyms', '/api/admin/search/synonyms'],
    ['POST', '/api/admin/search/synonyms/999999', '/api/admin/search/synonyms/{id}'],
    ['POST', '/api/admin/search/synonyms/999999/delete', '/api/admin/search/synonyms/{id}/delete'],
    ['GET', '/api/admin/search/stats', '/api/admin/search/stats'],
  ].map(([method, url, path]) => ({
    method: method as 'GET' | 'POST',
    url,
    path,
    roles: ['super_admin', 'operations'] as Role[],
  })),
  ...[
    ['GET', '/api/admin/orders', '/api/admin/orders'],
    ['GET', '/api/admin/orders/999999', '/api/admin/orders/{id}'],
    ['GET', '/api/admin/orders/999999/delivery-note', '/api/admin/orders/{id}/delivery-note'],
    ['GET', '/api/admin/gsp/sales?from=2026-11-01&to=2026-11-30', '/api/admin/gsp/sales'],
    ['GET', '/api/admin/trace-code-flags', '/api/admin/trace-code-flags'],
    ['GET', '/api/admin/ephedrine/report?from=2026-11-01&to=2026-11-30', '/api/admin/ephedrine/report'],
    ['GET', '/api/admin/ephedrine/export?from=2026-11-01&to=2026-11-30', '/api/admin/ephedrine/export'],
  ].map(([method, url, path]) => ({
    method: method as 'GET',
    url,
    path,
    roles: ['super_admin', 'quality', 'service', 'warehouse', 'finance'] as Role[],
  })),
  ...['ship', 'tracking'].map((a) => ({
    method: 'POST' as const,
    url: `/api/admin/orders/999999/${a}`,
    path: `/api/admin/orders/{id}/${a}`,
    roles: ['super_admin', 'warehouse'] as Role[],
  })),
  {
    method: 'POST',
    url: '/api/admin/orders/999999/receipt',
    path: '/api/admin/orders/{id}/receipt',
    roles: ['super_admin', 'quality'],
  },
  {
    method: 'GET',
    url: '/api/admin/receipts',
    path: '/api/admin/receipts',
    roles: ['super_admin', 'quality'],
  },
  {
    method: 'GET',
    url: '/api/admin/after_sales',
    path: '/api/admin/after_sales',
    roles: ['super_admin', 'service'],
  },
  {
    method: 'POST',
    url: '/api/admin/after_sales/999999',
    path: '/api/admin/after_sales/{id}',
    roles: ['super_admin', 'service'],
  },
  {
    method: 'POST',
    url: '/api/admin/users/999999/credit',
    path: '/api/admin/users/{id}/credit',
    roles: ['super_admin', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/admin/buyers?keyword=138',
    path: '/api/admin/buyers',
    roles: ['super_admin', 'quality', 'service', 'finance'],
  },
  ...[
    ['GET', '/api/admin/qualifications', '/api/admin/qualifications'],
    ['GET', '/api/admin/qualifications/999999', '/api/admin/qualifications/{id}'],
    [
      'POST',
      '/api/admin/qualifications/999999/documents/1',
      '/api/admin/qualifications/{id}/documents/{documentId}',
    ],
    ['POST', '/api/admin/qualifications/999999/decision', '/api/admin/qualifications/{id}/decision'],
    [
      'POST',
      '/api/admin/qualifications/999999/documents/1/correction',
      '/api/admin/qualifications/{id}/documents/{documentId}/correction',
    ],
  ].map(([method, url, path]) => ({
    method: method as 'GET' | 'POST',
    url,
    path,
    roles: ['super_admin', 'quality'] as Role[],
  })),
  ...[
    ['GET', '/api/admin/goods', '/api/admin/goods'],
    ['GET', '/api/admin/goods/options', '/api/admin/goods/options'],
    ['GET', '/api/admin/goods/export', '/api/admin/goods/export'],
    ['GET', '/api/admin/goods/import-template', '/api/admin/goods/import-template'],
    ['GET', '/api/admin/goods/999999', '/api/admin/goods/{id}'],
    ['GET', '/api/admin/goods/999999/batches/1/report', '/api/admin/goods/{id}/batches/{batchId}/report'],
    ['GET', '/api/admin/first-documents', '/api/admin/first-documents'],
    ['GET', '/api/admin/first-documents/999999', '/api/admin/first-documents/{id}'],
    ['GET', '/api/admin/sale-controls', '/api/admin/sale-controls'],
    ['GET', '/api/admin/stock-check', '/api/admin/stock-check'],
  ].map(([method, url, path]) => ({
    method: method as 'GET',
    url,
    path,
    roles: ['super_admin', 'operations', 'quality', 'warehouse'] as Role[],
  })),
  ...[
    ['POST', '/api/admin/goods', '/api/admin/goods'],
    ['POST', '/api/admin/goods/999999', '/api/admin/goods/{id}'],
    ['POST', '/api/admin/goods/999999/sale', '/api/admin/goods/{id}/sale'],
    ['POST', '/api/admin/goods/import', '/api/admin/goods/import'],
    ['POST', '/api/admin/goods/images', '/api/admin/goods/images'],
    ['POST', '/api/admin/sale-controls', '/api/admin/sale-controls'],
    ['POST', '/api/admin/sale-controls/remove', '/api/admin/sale-controls/remove'],
  ].map(([method, url, path]) => ({
    method: method as 'POST',
    url,
    path,
    roles: ['super_admin', 'operations'] as Role[],
  })),
  {
    method: 'POST',
    url: '/api/admin/goods/999999/batches',
    path: '/api/admin/goods/{id}/batches',
    roles: ['super_admin', 'quality'],
  },
  {
    method: 'POST',
    url: '/api/admin/warehouses',
    path: '/api/admin/warehouses',
    roles: ['super_admin', 'quality'],
  },
  {
    method: 'POST',
    url: '/api/admin/goods/999999/first-documents?name=%E5%85%B6%E4%BB%96',
    path: '/api/admin/goods/{id}/first-documents',
    roles: ['super_admin', 'quality'],
  },
  {
    method: 'POST',
    url: '/api/admin/first-documents?name=%E5%85%B6%E4%BB%96',
    path: '/api/admin/first-documents',
    roles: ['super_admin', 'quality'],
  },
  {
    method: 'POST',
    url: '/api/admin/goods/999999/batches/1/report',
    path: '/api/admin/goods/{id}/batches/{batchId}/report',
    roles: ['super_admin', 'quality'],
  },
  {
    method: 'POST',
    url: '/api/admin/goods/999999/batches/1',
    path: '/api/admin/goods/{id}/batches/{batchId}',
    roles: ['super_admin', 'warehouse'],
  },
  ...contentKinds.flatMap((kind) =>
    [
      ['GET', `/api/admin/content/${kind}`, `/api/admin/content/${kind}`],
      ['POST', `/api/admin/content/${kind}`, `/api/admin/content/${kind}`],
      ['POST', `/api/admin/content/${kind}/999999`, `/api/admin/content/${kind}/{id}`],
      ['POST', `/api/admin/content/${kind}/999999/delete`, `/api/admin/content/${kind}/{id}/delete`],
    ].map(([method, url, path]) => ({
      method: method as 'GET' | 'POST',
      url,
      path,
      roles: ['super_admin', 'operations'] as Role[],
    })),
  ),
  ...[
    ['GET', '/api/admin/companies', '/api/admin/companies'],
    ['GET', '/api/admin/companies/999999', '/api/admin/companies/{id}'],
  ].map(([method, url, path]) => ({
    method: method as 'GET',
    url,
    path,
    roles: ['super_admin', 'quality', 'service', 'finance'] as Role[],
  })),
  ...[
    ['POST', '/api/admin/companies/999999/status', '/api/admin/companies/{id}/status'],
    ['POST', '/api/admin/companies/999999/service-contact', '/api/admin/companies/{id}/service-contact'],
  ].map(([method, url, path]) => ({
    method: method as 'POST',
    url,
    path,
    roles: ['super_admin', 'service'] as Role[],
  })),
  ...[
    ['GET', '/api/admin/feedback', '/api/admin/feedback'],
    ['POST', '/api/admin/feedback/999999/reply', '/api/admin/feedback/{id}/reply'],
  ].map(([method, url, path]) => ({
    method: method as 'GET' | 'POST',
    url,
    path,
    roles: ['super_admin', 'service'] as Role[],
  })),
  ...[
    ['GET', '/api/admin/item-requests', '/api/admin/item-requests'],
    ['GET', '/api/admin/item-requests/goods?q=a', '/api/admin/item-requests/goods'],
    ['POST', '/api/admin/item-requests/999999/reply', '/api/admin/item-requests/{id}/reply'],
  ].map(([method, url, path]) => ({
    method: method as 'GET' | 'POST',
    url,
    path,
    roles: ['super_admin', 'service'] as Role[],
  })),
  ...[
    ['GET', '/api/admin/invoices', '/api/admin/invoices'],
    ['GET', '/api/admin/invoices/999999/pdf', '/api/admin/invoices/{id}/pdf'],
    ['POST', '/api/admin/invoices/999999/issue', '/api/admin/invoices/{id}/issue'],
    ['POST', '/api/admin/invoices/999999/reject', '/api/admin/invoices/{id}/reject'],
    ['GET', '/api/admin/finance/reconciliations', '/api/admin/finance/reconciliations'],
    ['POST', '/api/admin/finance/reconciliations', '/api/admin/finance/reconciliations'],
    ['GET', '/api/admin/finance/reconciliations/999999/xlsx', '/api/admin/finance/reconciliations/{id}/xlsx'],
    ['POST', '/api/admin/invoices/999999/refresh', '/api/admin/invoices/{id}/refresh'],
    // 财务 → 对公转账 (transfers:confirm) and its receiving account; 财务 → 退款待办 (refunds:write).
    ['POST', '/api/admin/settings/transfer', '/api/admin/settings/transfer'],
    ['GET', '/api/admin/transfers', '/api/admin/transfers'],
    ['GET', '/api/admin/transfers/999999', '/api/admin/transfers/{id}'],
    ['POST', '/api/admin/transfers/999999/confirm', '/api/admin/transfers/{id}/confirm'],
    ['POST', '/api/admin/transfers/999999/reject', '/api/admin/transfers/{id}/reject'],
    ['GET', '/api/admin/refund-todos', '/api/admin/refund-todos'],
    ['POST', '/api/admin/refund-todos/provider/999999/retry', '/api/admin/refund-todos/provider/{id}/retry'],
    [
      'POST',
      '/api/admin/refund-todos/transfer/999999/record',
      '/api/admin/refund-todos/transfer/{id}/record',
    ],
  ].map(([method, url, path]) => ({
    method: method as 'GET' | 'POST',
    url,
    path,
    roles: ['super_admin', 'finance'] as Role[],
  })),
  ...[
    ['GET', '/api/admin/lotteries', '/api/admin/lotteries'],
    ['POST', '/api/admin/lotteries', '/api/admin/lotteries'],
    ['POST', '/api/admin/lotteries/999999', '/api/admin/lotteries/{id}'],
    ['GET', '/api/admin/lotteries/999999/draws', '/api/admin/lotteries/{id}/draws'],
    ['POST', '/api/admin/lottery-draws/999999/ship', '/api/admin/lottery-draws/{id}/ship'],
    ['GET', '/api/admin/rewards', '/api/admin/rewards'],
    ['POST', '/api/admin/rewards', '/api/admin/rewards'],
    ['POST', '/api/admin/rewards/999999', '/api/admin/rewards/{id}'],
    ['GET', '/api/admin/redemptions', '/api/admin/redemptions'],
    ['GET', '/api/admin/promotion-options', '/api/admin/promotion-options'],
    ['GET', '/api/admin/promotion/daily_special', '/api/admin/promotion/daily_special'],
    ['POST', '/api/admin/promotion/daily_special', '/api/admin/promotion/daily_special'],
    ['POST', '/api/admin/promotion/daily_special/999999', '/api/admin/promotion/daily_special/{id}'],
    ['GET', '/api/admin/promotion/welfare', '/api/admin/promotion/welfare'],
    ['POST', '/api/admin/promotion/welfare', '/api/admin/promotion/welfare'],
    ['POST', '/api/admin/promotion/welfare/999999', '/api/admin/promotion/welfare/{id}'],
    ['GET', '/api/admin/promotion/cash_back', '/api/admin/promotion/cash_back'],
    ['POST', '/api/admin/promotion/cash_back', '/api/admin/promotion/cash_back'],
    ['POST', '/api/admin/promotion/cash_back/999999', '/api/admin/promotion/cash_back/{id}'],
    ['GET', '/api/admin/promotion/coverage_options', '/api/admin/promotion/coverage_options'],
    ['GET', '/api/admin/promotion/preview?phone=13800000001', '/api/admin/promotion/preview'],
    ['POST', '/api/admin/promotion/welfare/999999/status', '/api/admin/promotion/{kind}/{id}/status'],
    ['GET', '/api/admin/manjian', '/api/admin/manjian'],
    ['GET', '/api/admin/spike', '/api/admin/spike'],
    ['POST', '/api/admin/spike', '/api/admin/spike'],
    ['POST', '/api/admin/spike/999999', '/api/admin/spike/{id}'],
    ['POST', '/api/admin/spike/999999/status', '/api/admin/spike/{id}/status'],
    ['POST', '/api/admin/spike/999999/slots', '/api/admin/spike/{id}/slots'],
    ['POST', '/api/admin/spike/999999/slots/1', '/api/admin/spike/{id}/slots/{slot}'],
    ['POST', '/api/admin/spike/slots/999999/goods', '/api/admin/spike/slots/{slot}/goods'],
    ['POST', '/api/admin/spike/slots/999999/goods/1', '/api/admin/spike/slots/{slot}/goods/{goods}'],
    [
      'POST',
      '/api/admin/spike/slots/999999/goods/1/delete',
      '/api/admin/spike/slots/{slot}/goods/{goods}/delete',
    ],
    ['GET', '/api/admin/coupons', '/api/admin/coupons'],
    ['POST', '/api/admin/coupons', '/api/admin/coupons'],
    ['POST', '/api/admin/coupons/999999', '/api/admin/coupons/{id}'],
    ['POST', '/api/admin/coupons/999999/status', '/api/admin/coupons/{id}/status'],
    ['GET', '/api/admin/coupons/999999/claims', '/api/admin/coupons/{id}/claims'],
    ['POST', '/api/admin/manjian', '/api/admin/manjian'],
    ['POST', '/api/admin/manjian/999999', '/api/admin/manjian/{id}'],
    ['POST', '/api/admin/manjian/999999/state', '/api/admin/manjian/{id}/state'],
    ['GET', '/api/admin/promotion-kinds', '/api/admin/promotion-kinds'],
    ['GET', '/api/admin/promotions', '/api/admin/promotions'],
    ['POST', '/api/admin/promotions', '/api/admin/promotions'],
    ['POST', '/api/admin/promotions/999999', '/api/admin/promotions/{id}'],
    ['POST', '/api/admin/promotions/999999/state', '/api/admin/promotions/{id}/state'],
    ['GET', '/api/admin/activity-pages', '/api/admin/activity-pages'],
    ['POST', '/api/admin/activity-pages', '/api/admin/activity-pages'],
    ['GET', '/api/admin/activity-pages/999999', '/api/admin/activity-pages/{id}'],
    ['POST', '/api/admin/activity-pages/999999', '/api/admin/activity-pages/{id}'],
    ['POST', '/api/admin/activity-pages/999999/status', '/api/admin/activity-pages/{id}/status'],
    ['GET', '/api/admin/activity-pages/999999/preview', '/api/admin/activity-pages/{id}/preview'],
    ['GET', '/api/admin/preview-stores', '/api/admin/preview-stores'],
  ].map(([method, url, path]) => ({
    method: method as 'GET' | 'POST',
    url,
    path,
    roles: ['super_admin', 'operations'] as Role[],
  })),
  { method: 'GET', url: '/api/admin/audit', path: '/api/admin/audit', roles: ['super_admin'] },
  { method: 'GET', url: '/api/admin/jobs', path: '/api/admin/jobs', roles: ['super_admin'] },
  {
    method: 'POST',
    url: '/api/admin/jobs/order-expire/runs/00000000-0000-4000-8000-000000000000/retry',
    path: '/api/admin/jobs/{kind}/runs/{id}/retry',
    roles: ['super_admin'],
  },
  { method: 'GET', url: '/api/admin/open/keys', path: '/api/admin/open/keys', roles: ['super_admin'] },
  { method: 'POST', url: '/api/admin/open/keys', path: '/api/admin/open/keys', roles: ['super_admin'] },
  {
    method: 'DELETE',
    url: '/api/admin/open/keys/999999',
    path: '/api/admin/open/keys/{id}',
    roles: ['super_admin'],
  },
  ...(
    [
      ['GET', '/api/admin/webhooks', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks/999999/active', '/api/admin/webhooks/{id}/active'],
      ['DELETE', '/api/admin/webhooks/999999', '/api/admin/webhooks/{id}'],
      ['GET', '/api/admin/webhooks/999999/deliveries', '/api/admin/webhooks/{id}/deliveries'],
      [
        'POST',
        '/api/admin/webhooks/999999/deliveries/999999/redeliver',
        '/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      ],
    ] as const
  ).map(([method, url, path]) => ({ method, url, path, roles: ['super_admin'] as Role[] })),
  ...[
    ['GET', '/api/admin/roles', '/api/admin/roles'],
    ['GET', '/api/admin/operators', '/api/admin/operators'],
    ['POST', '/api/admin/operators', '/api/admin/operators'],
    ['POST', '/api/admin/operators/999999', '/api/admin/operators/{id}'],
    ['POST', '/api/admin/operators/999999/password', '/api/admin/operators/{id}/password'],
    ['POST', '/api/admin/operators/999999/status', '/api/admin/operators/{id}/status'],
  ].map(([method, url, path]) => ({
    method: method as 'GET' | 'POST',
    url,
    path,
    roles: ['super_admin'] as Role[],
  })),
];

describe('operator permissions', () => {
  it('covers every operator route of the API document', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && !/\/(login|logout)$/.test(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(matrix.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('answers 403 with a Chinese message to every role a route does not name, and lets the others in', async () => {
    const cookies = new Map<Role, string>();
    for (const role of everyRole) cookies.set(role, (await operatorCookie(ctx.app, role)).cookie);
    const none = (await operatorCookie(ctx.app, null)).cookie;
    for (const route of matrix) {
      for (const role of everyRole) {
        const res = await call(
          route.method,
          route.url,
          cookies.get(role)!,
          route.method === 'POST' ? {} : undefined,
        );
        const where = `${route.method} ${route.url} as ${role}`;
        if (route.roles.includes(role)) {
          expect([401, 403], where).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json().message, where).toMatch(/^您没有「.+」权限/);
        }
      }
      const anonymous = await call(route.method, route.url, '', route.method === 'POST' ? {} : undefined);
      expect(anonymous.statusCode, `${route.url} without a session`).toBe(401);
      // An operator without any role: only the routes every operator may use.
      if (route.roles !== everyRole) {
        expect((await call(route.method, route.url, none)).statusCode, `${route.url} without a role`).toBe(
          403,
        );
      }
    }
  });
});

describe('operator accounts', () => {
  const login = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });

  it('creates an operator with a role who signs in and holds its permissions only', async () => {
    const admin = await operatorCookie(ctx.app);
    const roles = (await call('GET', '/api/admin/roles', admin.cookie)).json().data as {
      id: number;
      code: string;
    }[];
    const quality = roles.find((r) => r.code === 'quality')!;
    const bad = await call('POST', '/api/admin/operators', admin.cookie, {
      username: 'Bad Name',
      name: '张',
      password: 'short',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data.errors).sort()).toEqual(['name', 'password', 'role_ids', 'username']);

    const created = await call('POST', '/api/admin/operators', admin.cookie, {
      username: 'zhiguan2',
      name: '质管小周',
      password: 'Quality123',
      role_ids: [quality.id],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      username: 'zhiguan2',
      disabled: false,
      role_ids: [quality.id],
    });
    const again = await call('POST', '/api/admin/operators', admin.cookie, {
      username: 'zhiguan2',
      name: '质管小周',
      password: 'Quality123',
      role_ids: [quality.id],
    });
    expect(again.json().data.errors.username).toEqual(['该用户名已被使用']);

    const session = cookiesOf(await login('zhiguan2', 'Quality123'));
    const me = (await call('GET', '/api/admin/me', session)).json().data;
    expect(me.roles).toEqual([{ code: 'quality', name: '质管' }]);
    expect(me.permissions).toContain('buyers:review');
    expect(me.permissions).not.toContain('orders:ship');
    expect((await call('GET', '/api/admin/qualifications', session)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/audit', session)).statusCode).toBe(403);
  });

  it('a disabled operator loses its session at once and cannot sign in; enabling lets it back', async () => {
    const admin = await operatorCookie(ctx.app);
    const roles = (await call('GET', '/api/admin/roles', admin.cookie)).json().data as {
      id: number;
      code: string;
    }[];
    const created = (
      await call('POST', '/api/admin/operators', admin.cookie, {
        username: 'cangku2',
        name: '仓库小吴',
        password: 'Store12345',
        role_ids: [roles.find((r) => r.code === 'warehouse')!.id],
      })
    ).json().data;
    const session = cookiesOf(await login('cangku2', 'Store12345'));
    expect((await call('GET', '/api/admin/orders', session)).statusCode).toBe(200);

    const disabled = await call('POST', `/api/admin/operators/${created.id}/status`, admin.cookie, {
      disabled: true,
    });
    expect(disabled.json().data.disabled).toBe(true);
    expect((await call('GET', '/api/admin/orders', session)).statusCode).toBe(401);
    const refused = await login('cangku2', 'Store12345');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('该账号已停用，请联系超级管理员');

    // The console posts forms: disabled=0 enables.
    const enabled = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/operators/${created.id}/status`,
      payload: 'disabled=0',
      headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(enabled.json().data.disabled).toBe(false);
    expect((await call('GET', '/api/admin/orders', session)).statusCode).toBe(401);
    expect((await login('cangku2', 'Store12345')).statusCode).toBe(200);
  });

  it('a password reset ends the sessions of the account; the new password signs in', async () => {
    const admin = await operatorCookie(ctx.app);
    const target = await operatorCookie(ctx.app, 'finance');
    expect((await call('GET', '/api/admin/me', target.cookie)).statusCode).toBe(200);
    const reset = await call('POST', `/api/admin/operators/${target.operatorId}/password`, admin.cookie, {
      password: 'Finance2026',
    });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/me', target.cookie)).statusCode).toBe(401);
    expect((await login(target.username, 'Finance2026')).statusCode).toBe(200);
  });

  it('keeps one enabled 超级管理员 and refuses to disable oneself', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      const admin = await operatorCookie(fresh.app);
      const self = await fresh.app.inject({
        method: 'POST',
        url: `/api/admin/operators/${admin.operatorId}/status`,
        payload: { disabled: true },
        headers: { cookie: admin.cookie },
      });
      expect(self.json().message).toBe('不能停用自己的账号');
      const roles = (
        await fresh.app.inject({ url: '/api/admin/roles', headers: { cookie: admin.cookie } })
      ).json().data as { id: number; code: string }[];
      const demote = await fresh.app.inject({
        method: 'POST',
        url: `/api/admin/operators/${admin.operatorId}`,
        payload: { name: '平台管理员', role_ids: [roles.find((r) => r.code === 'operations')!.id] },
        headers: { cookie: admin.cookie },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe('至少保留一个启用的超级管理员');
    } finally {
      await fresh.close();
    }
  });
});

describe('audit log', () => {
  it('records operator account changes with before and after, never the password', async () => {
    const admin = await operatorCookie(ctx.app);
    const target = await operatorCookie(ctx.app, 'service');
    const roles = (await call('GET', '/api/admin/roles', admin.cookie)).json().data as {
      id: number;
      code: string;
    }[];
    const finance = roles.find((r) => r.code === 'finance')!.id;
    await call('POST', `/api/admin/operators/${target.operatorId}`, admin.cookie, {
      name: '客服改财务',
      role_ids: [finance],
    });
    await call('POST', `/api/admin/operators/${target.operatorId}/password`, admin.cookie, {
      password: 'Secret2026x',
    });
    const page = (
      await call('GET', `/api/admin/audit?target_type=operator&target_id=${target.operatorId}`, admin.cookie)
    ).json().data;
    expect(page.total).toBe(2);
    const [reset, update] = page.list;
    expect(update).toMatchObject({
      operator_id: admin.operatorId,
      operator_name: admin.username,
      action: 'operator.update',
      action_label: '修改操作员',
      before: { name: '运营小王' },
      after: { name: '客服改财务', role_ids: [finance] },
    });
    expect(reset.action).toBe('operator.reset_password');
    expect(JSON.stringify(page)).not.toContain('Secret2026x');
  });

  it('filters by operator, action and Beijing date range, and pages', async () => {
    const admin = await operatorCookie(ctx.app);
    const other = await operatorCookie(ctx.app, 'service');
    // 2026-03-01 23:30 in Beijing is 15:30 UTC: the row belongs to March 1st, not the 2nd.
    ctx.app.clock.now = () => new Date('2026-03-01T15:30:00Z');
    try {
      for (const name of ['甲一', '甲二', '甲三']) {
        await call('POST', `/api/admin/operators/${other.operatorId}`, admin.cookie, {
          name,
          role_ids: (await call('GET', '/api/admin/operators', admin.cookie))
            .json()
            .data.find((o: { id: number }) => o.id === other.operatorId).role_ids,
        });
      }
    } finally {
      ctx.app.clock.now = () => new Date();
    }
    const q = (query: string) =>
      call('GET', `/api/admin/audit?operator_id=${admin.operatorId}&${query}`, admin.cookie).then((r) =>
        r.json(),
      );
    expect((await q('from=2026-03-01&to=2026-03-01')).data.total).toBe(3);
    expect((await q('from=2026-03-02&to=2026-03-02')).data.total).toBe(0);
    expect((await q('action=operator.update&page_size=2&page=2')).data).toMatchObject({ total: 3, page: 2 });
    expect((await q('action=operator.update&page_size=2&page=2')).data.list).toHaveLength(1);
    expect((await q('action=order.ship')).data.total).toBe(0);
    const bad = await q('from=2026-13-01');
    expect(bad.code).toBe(422);
    expect(bad.data.errors.from).toEqual(['开始日期不是有效的日期']);
    // Year 0000 is a date to the pattern but not to PostgreSQL: refused with the range, not a 500.
    const ancient = await q('to=0000-01-01');
    expect(ancient.code).toBe(422);
    expect(ancient.data.errors.to[0]).toMatch(/^结束日期须在/);
  });

  it('refuses to update, delete or truncate a row, even for the database owner', async () => {
    const admin = await operatorCookie(ctx.app);
    await call('POST', '/api/admin/operators', admin.cookie, {
      username: 'kefu9',
      name: '客服小九',
      password: 'Service123',
      role_ids: [1],
    });
    const attempt = (query: ReturnType<typeof sql>) =>
      ctx.app.db.execute(query).then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await attempt(sql`update audit_log set operator_name = 'x'`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await attempt(sql`delete from audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await attempt(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE refused/);
  });
});
