import { randomUUID } from 'node:crypto';
import type { WarehouseBody } from '@yaocai/domain';
import { eq, sql } from 'drizzle-orm';
import { warehouses } from '../../db/schema/catalog';
import type { OperatorCtx } from '../../lib/context';
import { validationError } from '../../lib/errors';
import { audit } from '../audit/service';
import { invalidateCatalogRefs } from './refs';

// Warehouses batches are received into. A new installation has none (the demo data brings its
// two), so the console adds them (商品 → 批号 → 新增仓库); a warehouse is never deleted, since
// batches, stock and shipped orders name it.

/** Adds a warehouse; its name is unique (compared without case and surrounding spaces). */
export async function addWarehouse(ctx: OperatorCtx, body: WarehouseBody) {
  const saved = await ctx.db.transaction(async (tx) => {
    // One adder at a time, so two clicks cannot both pass the name check.
    await tx.execute(sql`select pg_advisory_xact_lock(728305)`);
    const [taken] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(sql`lower(${warehouses.name}) = lower(${body.name})`);
    if (taken) throw validationError({ name: ['已有同名仓库'] });
    const [inserted] = await tx
      .insert(warehouses)
      .values({ name: body.name, code: `new-${randomUUID()}` })
      .returning();
    // The code is the row's number: unique by construction.
    const [row] = await tx
      .update(warehouses)
      .set({ code: `wh${inserted.id}` })
      .where(eq(warehouses.id, inserted.id))
      .returning();
    const view = { id: row.id, name: row.name };
    await audit(tx, ctx, {
      action: 'warehouse.create',
      target: { type: 'warehouse', id: row.id },
      after: { ...view, code: row.code },
    });
    return view;
  });
  invalidateCatalogRefs();
  return saved;
}
