import {
  fromYuan,
  type SettingsSection,
  type SettingsSectionBody,
  type SettingsView,
  settingsSectionBodies,
  settingsSections,
  toYuan,
} from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import { defaultSettings } from '../../db/default-settings';
import { settings } from '../../db/schema/core';
import type { OperatorCtx } from '../../lib/context';
import { invalidateSiteSettings } from '../account/site-settings';
import { audit } from '../audit/service';
import { delistNeverListable, goodsChanged } from '../catalog/admin-goods';
import { invalidateContent } from '../content/service';
import { invalidateOrderSettings } from '../order/settings';
import { invalidateCartPromotions } from '../promotion/loaders';

// Site settings (站点设置): one row of `settings` per section; the defaults of a new site in
// db/default-settings.ts. The shop's readers keep short per-process caches (user/base, the
// header, the cart's promotions, checkout); a save here drops every one of them, so the edit
// is live at once in this process and within their few seconds in the others.

type Stored = typeof defaultSettings;

/** The stored row of a section merged over its default (a section never saved reads as new). */
async function storedRows(db: DbOrTx): Promise<Stored> {
  const rows = await db.select().from(settings);
  const byKey = new Map(rows.map((r) => [r.key, r.value as object]));
  return Object.fromEntries(
    Object.entries(defaultSettings).map(([key, value]) => [key, { ...value, ...byKey.get(key) }]),
  ) as Stored;
}

/** A section as the console form shows it: money in yuan, only the fields the form edits. */
function viewOf<K extends SettingsSection>(stored: Stored, section: K): SettingsSectionBody<K> {
  const s = stored;
  const views: { [S in SettingsSection]: SettingsSectionBody<S> } = {
    site: { title: s.site.title, slogan: s.site.slogan },
    common_config: s.common_config,
    quality_inspection: s.quality_inspection,
    footer: s.footer,
    shipping: { threshold: toYuan(s.shipping.threshold_fen), fee: toYuan(s.shipping.fee_fen) },
    order: s.order,
    points: s.points,
    compliance: s.compliance,
    sms: { sign_name: s.sms.sign_name, templates: { ...defaultSettings.sms.templates, ...s.sms.templates } },
    transfer: s.transfer,
  };
  return views[section];
}

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

export async function readSettings(db: DbOrTx): Promise<SettingsView> {
  const stored = await storedRows(db);
  return Object.fromEntries(settingsSections.map((s) => [s, viewOf(stored, s)])) as SettingsView;
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
