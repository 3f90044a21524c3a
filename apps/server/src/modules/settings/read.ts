// Reading the site settings, apart from saving them (service.ts): a save drops the caches of
// the modules that read settings, so the readers importing the saver made an import circle.
import {
  type SettingsSection,
  type SettingsSectionBody,
  type SettingsView,
  settingsSections,
  toYuan,
} from '@yaocai/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { defaultSettings } from '../../db/default-settings';
import { settings } from '../../db/schema/core';

export type Stored = typeof defaultSettings;

/** The stored row of a section merged over its default (a section never saved reads as new). */
export async function storedRows(db: DbOrTx): Promise<Stored> {
  const rows = await db.select().from(settings);
  const byKey = new Map(rows.map((r) => [r.key, r.value as object]));
  return Object.fromEntries(
    Object.entries(defaultSettings).map(([key, value]) => [key, { ...value, ...byKey.get(key) }]),
  ) as Stored;
}

/** A section as the console form shows it: money in yuan, only the fields the form edits. */
export function viewOf<K extends SettingsSection>(stored: Stored, section: K): SettingsSectionBody<K> {
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

export async function readSettings(db: DbOrTx): Promise<SettingsView> {
  const stored = await storedRows(db);
  return Object.fromEntries(settingsSections.map((s) => [s, viewOf(stored, s)])) as SettingsView;
}

/**
 * The saved values of the named sections, as stored (a section never saved is absent): how the
 * other modules read settings, each merging its own defaults, instead of reading the table.
 */
export async function savedSettingValues(
  db: DbOrTx,
  keys: readonly string[],
): Promise<Record<string, unknown>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
