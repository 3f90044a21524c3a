import {
  fromYuan,
  type SettingsSection,
  type SettingsSectionBody,
  settingsSectionBodies,
} from '@yaocai/domain';
import { settings } from '../../db/schema/core';
import type { OperatorCtx } from '../../lib/context';
import { invalidateSiteSettings } from '../account/site-settings';
import { audit } from '../audit/service';
import { delistNeverListable, goodsChanged } from '../catalog/admin-goods';
import { invalidateContent } from '../content/service';
import { invalidateOrderSettings } from '../order/settings';
import { invalidateCartPromotions } from '../promotion/loaders';
import { type Stored, storedRows, viewOf } from './read';

// Site settings (站点设置): one row of `settings` per section; the defaults of a new site in
// db/default-settings.ts. The shop's readers keep short per-process caches (user/base, the
// header, the cart's promotions, checkout); a save here drops every one of them, so the edit
// is live at once in this process and within their few seconds in the others.

/** The stored form of a section (money in fen; keys the form does not edit are kept). */
function rowOf<K extends SettingsSection>(stored: Stored, section: K, body: SettingsSectionBody<K>): object {
  switch (section) {
    case 'site':
      return { ...stored.site, ...body };
    case 'shipping': {
      const b = body as SettingsSectionBody<'shipping'>;
      return { threshold_fen: fromYuan(b.threshold), fee_fen: fromYuan(b.fee) };
    }
    default:
      return body;
  }
}

/** Drops every reader's cache of settings (after a save, and in tests that write rows). */
export function invalidateSettings() {
  invalidateSiteSettings();
  invalidateOrderSettings();
  invalidateCartPromotions();
  invalidateContent();
}

export async function saveSettingsSection<K extends SettingsSection>(
  ctx: OperatorCtx,
  section: K,
  input: SettingsSectionBody<K>,
): Promise<SettingsSectionBody<K>> {
  // The route validated the body with this schema; parse again for its defaults and types.
  const body = settingsSectionBodies[section].parse(input) as SettingsSectionBody<K>;
  const saved = await ctx.db.transaction(async (tx) => {
    const stored = await storedRows(tx);
    const before = viewOf(stored, section);
    const value = rowOf(stored, section, body);
    await tx
      .insert(settings)
      .values({ key: section, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    const after = viewOf({ ...stored, [section]: value } as Stored, section);
    await audit(tx, ctx, {
      action: 'settings.update',
      target: { type: 'settings', id: section },
      before,
      after,
    });
    // A class newly kept off online sale takes its goods off sale at once (each audited).
    if (section === 'compliance')
      await delistNeverListable(tx, ctx, (body as SettingsSectionBody<'compliance'>).never_listable);
    return after;
  });
  invalidateSettings();
  if (section === 'compliance') goodsChanged(ctx);
  return saved;
}
