import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { rallySettingsEditSchema, rallySettingsSchema, type RallySettings } from '../../../common/schemas/rally-settings';
import { sendCachedJson } from '../../plugins/compression';
import { recordAudit } from '../../services/audit';
import { cachedRallySettings, saveRallySettings } from '../../services/rally-settings';

/** Each changed setting with its old and new value, for the audit log. */
function changes(before: RallySettings, after: RallySettings): Record<string, { from: unknown; to: unknown }> {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof RallySettings)[])
    if (!isDeepStrictEqual(before[key], after[key])) changed[key] = { from: before[key], to: after[key] };
  return changed;
}

/**
 * The rally's settings: read by every page (also embedded in the served HTML), edited by organisers.
 * All of them are public facts of the event; nothing private is kept here.
 */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', { schema: { response: { 200: rallySettingsSchema } } }, async (request, reply) => {
    return sendCachedJson(request, reply, await cachedRallySettings(app.publicCache, app.db));
  });

  app.put(
    '/api/admin/settings',
    { onRequest: app.requireAdmin, schema: { body: rallySettingsEditSchema, response: { 200: rallySettingsSchema } } },
    async (request) => {
      const before = await app.rallySettings();
      const after: RallySettings = { ...request.body, year: before.year };
      const changed = changes(before, after);
      if (Object.keys(changed).length > 0) {
        await saveRallySettings(app.db, after);
        await recordAudit(app.db, request, {
          action: 'settings.update',
          targetType: 'rally_settings',
          targetId: after.year,
          details: { changed },
        });
      }
      return after;
    },
  );
};

export default settingsRoutes;
