import type { Db } from '../../db/client';
import { defaultSettings } from '../../db/default-settings';
import { sharedCache } from '../../lib/cache-bus';
import { savedSettingValues } from '../settings/read';

type Settings = Pick<typeof defaultSettings, 'common_config' | 'quality_inspection' | 'site' | 'footer'>;
const cache = sharedCache<Settings>('site-settings', 5_000);

/** Forget the cached settings (after an operator saves them: modules/settings). */
export const invalidateSiteSettings = cache.forget;

/**
 * The settings user/base and the e-contract need, cached in process for a few seconds: the header asks on every
 * page, operators change these rarely, and a stale hot line for 5 s is harmless.
 */
export function siteSettings(db: Db): Promise<Settings> {
  return cache.get(db, () =>
    savedSettingValues(db, ['common_config', 'quality_inspection', 'site', 'footer']).then((byKey) => ({
      common_config: { ...defaultSettings.common_config, ...(byKey.common_config as object) },
      quality_inspection: {
        ...defaultSettings.quality_inspection,
        ...(byKey.quality_inspection as object),
      },
      site: { ...defaultSettings.site, ...(byKey.site as object) },
      footer: { ...defaultSettings.footer, ...(byKey.footer as object) },
    })),
  );
}
