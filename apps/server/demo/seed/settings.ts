import type { Tx } from '../../src/db/client';
import { defaultSettings } from '../../src/db/default-settings';
import { settings } from '../../src/db/schema';

/** The demo's receiving account (a made-up one: the demo moves no real money). */
const demoTransferAccount = {
  account_name: '药采医药科技（杭州）有限公司',
  bank_name: '招商银行杭州分行滨江支行',
  account_no: '5719 0876 5410 802',
  bank_code: '308331012345',
  expire_days: 3,
};

export async function seedSettings(tx: Tx) {
  const demo = { ...defaultSettings, transfer: demoTransferAccount };
  await tx.insert(settings).values(Object.entries(demo).map(([key, value]) => ({ key, value })));
}
