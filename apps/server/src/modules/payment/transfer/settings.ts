import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { defaultSettings } from '../../../db/default-settings';
import { settings } from '../../../db/schema/core';

export type TransferSettings = typeof defaultSettings.transfer;

/**
 * The receiving account and the days a transfer order waits (站点设置 → 对公转账), read fresh:
 * only choosing and showing a transfer read it, and an edit must show at once.
 */
export async function readTransferSettings(db: DbOrTx): Promise<TransferSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'transfer'));
  return { ...defaultSettings.transfer, ...(row?.value as Partial<TransferSettings> | undefined) };
}
