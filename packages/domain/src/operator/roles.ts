import type { PermissionCode } from './permissions';

/**
 * The roles a new database starts with (the roles migration inserts them; afterwards they are
 * data). 超级管理员 holds every permission, present and future, through `allPermissions`.
 */
export interface RoleDefinition {
  code: string;
  name: string;
  allPermissions: boolean;
  permissions: readonly PermissionCode[];
}

export const initialRoles: readonly RoleDefinition[] = [
  { code: 'super_admin', name: '超级管理员', allPermissions: true, permissions: [] },
  {
    code: 'operations',
    name: '运营',
    allPermissions: false,
    permissions: [
      'goods:read',
      'goods:write',
      'prices:write',
      'promotions:write',
      'content:write',
      'search:read',
      'search:write',
    ],
  },
  {
    code: 'quality',
    name: '质管',
    allPermissions: false,
    permissions: [
      'goods:read',
      'buyers:read',
      'buyers:review',
      'batches:write',
      'receipts:review',
      'orders:read',
    ],
  },
  {
    code: 'service',
    name: '客服',
    allPermissions: false,
    permissions: [
      'buyers:read',
      'buyers:write',
      'after_sales:write',
      'item_requests:write',
      'feedback:write',
      'orders:read',
    ],
  },
  {
    code: 'warehouse',
    name: '仓库',
    allPermissions: false,
    permissions: ['goods:read', 'orders:read', 'orders:ship', 'stock:write'],
  },
  {
    code: 'finance',
    name: '财务',
    allPermissions: false,
    permissions: [
      'buyers:read',
      'credit:write',
      'refunds:write',
      'transfers:confirm',
      'invoices:write',
      'payments:reconcile',
      'orders:read',
    ],
  },
];
