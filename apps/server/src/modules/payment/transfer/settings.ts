import type { DbOrTx } from '../../../db/client';
import { defaultSettings } from '../../../db/default-settings';
import { savedSettingValues } from '../../settings/read';

export type TransferSettings = typeof defaultSettings.transfer;

/**
 * The receiving account and the days a transfer order waits (站点设置 → 对公转账), read fresh:
 * only choosing and showing a transfer read it, and an edit must show at once.
 */
export async function readTransferSettings(db: DbOrTx): Promise<TransferSettings> {
  const { transfer } = await savedSettingValues(db, ['transfer']);
  return { ...defaultSettings.transfer, ...(transfer as Partial<TransferSettings> | undefined) };
}
