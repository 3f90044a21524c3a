// The operator permission catalogue: every code a console route can require, with its Chinese
// name, in one place. The server guards routes with these codes; the console hides what the
// signed-in operator lacks. Roles (which codes an operator holds) are data in the database.

export const permissions = [
  { code: 'goods:read', name: '商品查看', group: '商品' },
  { code: 'goods:write', name: '商品编辑', group: '商品' },
  { code: 'prices:write', name: '价格维护', group: '商品' },
  { code: 'stock:write', name: '库存维护', group: '商品' },
  { code: 'batches:write', name: '批号管理', group: '商品' },
  { code: 'search:read', name: '搜索词统计查看', group: '商品' },
  { code: 'search:write', name: '搜索同义词维护', group: '商品' },
  { code: 'promotions:write', name: '营销活动', group: '运营' },
  { code: 'content:write', name: '内容与设置', group: '运营' },
  { code: 'buyers:read', name: '会员查询', group: '会员' },
  { code: 'buyers:write', name: '会员维护', group: '会员' },
  { code: 'buyers:review', name: '资质审核', group: '会员' },
  { code: 'orders:read', name: '订单查看', group: '订单' },
  { code: 'orders:ship', name: '订单发货', group: '订单' },
  { code: 'receipts:review', name: '含麻回执审核', group: '订单' },
  { code: 'after_sales:write', name: '售后处理', group: '订单' },
  { code: 'item_requests:write', name: '求购登记处理', group: '会员' },
  { code: 'feedback:write', name: '意见反馈处理', group: '会员' },
  { code: 'credit:write', name: '账期额度', group: '财务' },
  { code: 'refunds:write', name: '退款', group: '财务' },
  { code: 'transfers:confirm', name: '对公转账确认', group: '财务' },
  { code: 'invoices:write', name: '发票', group: '财务' },
  { code: 'payments:reconcile', name: '渠道对账', group: '财务' },
  { code: 'audit:read', name: '审计日志', group: '系统' },
  { code: 'jobs:read', name: '后台任务查看', group: '系统' },
  { code: 'jobs:write', name: '后台任务重试', group: '系统' },
  { code: 'operators:write', name: '操作员与角色', group: '系统' },
  { code: 'open:read', name: '开放接口查看', group: '系统' },
  { code: 'open:write', name: '开放接口密钥管理', group: '系统' },
] as const;

export type PermissionCode = (typeof permissions)[number]['code'];
export const permissionCodes = permissions.map((p) => p.code) as [PermissionCode, ...PermissionCode[]];

export const permissionName = (code: string): string =>
  permissions.find((p) => p.code === code)?.name ?? code;

/** Whether a set of held codes includes a required one (no requirement: any operator). */
export const holdsPermission = (held: readonly string[], required?: PermissionCode): boolean =>
  required === undefined || held.includes(required);

/**
 * Permissions whose screens show a buyer's uploaded files (licences, receipts, after-sales,
 * feedback and item request photos): an operator holding none of them (运营, 仓库) cannot read
 * those files through GET /api/files/{id}.
 */
export const buyerFilePermissions: readonly PermissionCode[] = [
  'buyers:read',
  'buyers:review',
  'receipts:review',
  'after_sales:write',
  'refunds:write',
  'transfers:confirm',
  'item_requests:write',
  'feedback:write',
];
