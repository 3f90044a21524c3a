import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { operators } from './account';

/** An operator role (超级管理员, 运营, 质管 ...): a named set of permission codes. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Holds every permission, including ones added later (超级管理员). */
  allPermissions: boolean('all_permissions').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The permission codes (packages/domain operator/permissions.ts) a role holds. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

/** Which roles an operator holds. */
export const operatorRoles = pgTable(
  'operator_roles',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.roleId] }), index('operator_roles_role_idx').on(t.roleId)],
);

/**
 * Every operator write: who, when, what, on which target, the values before and after. Append
 * only: a trigger (db/sql/030_audit_log.sql) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').notNull(),
    /** The operator's user name when the row was written (kept even if the account changes). */
    operatorName: text('operator_name').notNull(),
    /** A dotted verb, e.g. `order.ship`, `company.approve`. */
    action: text('action').notNull(),
    /** What was acted on: `order`, `company`, `operator` ... */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_operator_idx').on(t.operatorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action),
  ],
);
