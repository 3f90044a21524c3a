import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { settings } from '../../src/db/schema';
import type { FileStorage } from '../../src/lib/storage';
import { rebuildPurchases } from '../../src/modules/quick-buy/purchases';
import { seedAccounts } from './accounts';
import { seedActivityPages } from './activity-pages';
import { seedAuditTrail } from './audit';
import { seedCart } from './cart';
import { seedCatalog } from './catalog';
import { seedCompliancePapers } from './compliance';
import { seedContent } from './content';
import { seedCoupons } from './coupons';
import { seedInvoices } from './invoices';
import { seedSaleControls } from './kx';
import { seedOrders } from './order';
import { seedPoints } from './points';
import { seedSelfService } from './self-service';
import { seedSettings } from './settings';
import { seedSpecials } from './specials';
import { seedSpike } from './spike';

const MARKER = 'demo_data';

/**
 * Loads the demo data into an empty database, in one transaction, once. Each area adds its
 * loader here, in dependency order. Returns whether anything was loaded. `storage` receives
 * generated demo files (licence and receipt pictures); without it only their rows are written.
 * Every date of the demo data is relative to `now`, the application clock (tests fix it).
 */
export async function seedDemoData(db: Db, now: Date, storage?: FileStorage): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent starters on PostgreSQL; PGlite is single-connection anyway.
    await tx.execute('select pg_advisory_xact_lock(728301)' as never);
    const [marker] = await tx.select().from(settings).where(eq(settings.key, MARKER));
    if (marker) return false;
    await seedSettings(tx);
    await seedAccounts(tx, now, storage);
    await seedCatalog(tx, now);
    await seedSaleControls(tx, now);
    await seedContent(tx, now);
    await seedCart(tx);
    // Orders, wallet and coupons attach to the demo buyer and goods: keep this after their loaders.
    await seedOrders(tx, now, storage);
    await seedCoupons(tx, now);
    await seedCompliancePapers(tx, storage);
    await rebuildPurchases(tx);
    await seedSelfService(tx, now);
    await seedInvoices(tx);
    await seedPoints(tx, now);
    await seedActivityPages(tx, now);
    await seedSpecials(tx, now);
    await seedSpike(tx, now.getTime());
    await seedAuditTrail(tx);
    await tx.insert(settings).values({ key: MARKER, value: { loadedAt: now.toISOString() } });
    return true;
  });
}
