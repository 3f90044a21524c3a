import {
  envelope,
  settingsSectionBodies,
  settingsSectionNames,
  settingsSections,
  settingsView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { readSettings } from './read';
import { saveSettingsSection } from './service';

/**
 * Console site settings (站点设置, content:write): read all sections, save one; the receiving
 * account of bank transfers (transfer) needs transfers:confirm.
 */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('content:write');
  const transferGuard = app.requirePermission('transfers:confirm');
  const tags = ['admin'];
  app.get(
    '/admin/settings',
    {
      preValidation: guard,
      schema: { tags, summary: 'Site settings', response: { 200: envelope(settingsView) } },
    },
    async () => ok(await readSettings(app.db)),
  );
  for (const section of settingsSections) {
    app.post(
      `/admin/settings/${section}`,
      {
        // The receiving account decides where buyers send money: 财务's to change.
        preValidation: section === 'transfer' ? transferGuard : guard,
        schema: {
          tags,
          summary: `Site settings: ${settingsSectionNames[section]}`,
          body: settingsSectionBodies[section],
          response: { 200: envelope(settingsSectionBodies[section]) },
        },
      },
      async (request) =>
        ok(await saveSettingsSection(await request.operatorCtx(), section, request.body as never), '已保存'),
    );
  }
};
