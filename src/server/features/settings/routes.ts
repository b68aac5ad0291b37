import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import {
  nextSeasonAnswerSchema,
  nextSeasonSchema,
  rallySettingsEditSchema,
  rallySettingsSchema,
  type RallySettings,
} from '../../../common/schemas/rally-settings';
import { HttpError, badRequest } from '../../errors';
import { RALLY_YEAR_MAX } from '../../../common/schemas/primitives';
import { formatDay } from '../../../common/rally-dates';
import { rallyIsOver } from '../../../common/season-phase';
import { sendCachedJson } from '../../plugins/compression';
import { recordAudit } from '../../services/audit';
import { cachedRallySettings, saveRallySettings, startNextSeason } from '../../services/rally-settings';

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
  app.put('/api/admin/settings', { schema: { body: rallySettingsEditSchema, response: { 200: rallySettingsSchema } } }, async (request) => {
    const before = await app.rallySettings();
    // Saving is the organisers' review of the season's facts: the marks of a new season go.
    const after: RallySettings = { ...request.body, year: before.year, needsReview: [] };
    // The countdown and the erasure of sensitive data follow these days: they belong to this season.
    for (const [day, label] of [
      [after.rallyStart, 'The first rally day'],
      [after.rallyEnd, 'The last rally day'],
      [after.tripStart, 'The first day of the trip'],
      [after.tripEnd, 'The last day of the trip'],
    ] as const)
      if (!day.startsWith(`${after.year}-`)) throw badRequest(`${label} must be in ${after.year}`);
    const changed = changes(before, after);
    if (Object.keys(changed).length > 0) {
      await app.db.transaction(async (tx) => {
        await saveRallySettings(tx, after);
        await recordAudit(tx, request, {
          action: 'settings.update',
          targetType: 'rally_settings',
          targetId: after.year,
          details: { changed },
        });
      });
    }
    return after;
  });

  app.post(
    '/api/admin/settings/season',
    { schema: { body: nextSeasonSchema, response: { 201: nextSeasonAnswerSchema } } },
    async (request, reply) => {
      const { year } = await app.rallySettings();
      const notNext = new HttpError(409, `The ${year} season is the current one: the next to start is ${year + 1}.`);
      if (request.body.year !== year + 1) throw notNext;
      if (request.body.year > RALLY_YEAR_MAX) throw badRequest(`No season can start after ${RALLY_YEAR_MAX}.`);
      // Starting a season cannot be undone: before the rally is over it takes a confirmation in words.
      const current = await app.rallySettings();
      if (!rallyIsOver(year, current, app.clock()) && !request.body.earlyStart)
        throw new HttpError(
          409,
          `The ${year} rally's last day is ${formatDay(current.rallyEnd)}: the ${year + 1} season can start after it. To start it now, confirm the early start.`,
        );
      const started = await app.db.transaction(async (tx) => {
        const next = await startNextSeason(tx, request.body.year);
        if (!next) throw notNext;
        await recordAudit(tx, request, {
          action: 'season.start',
          targetType: 'rally_settings',
          targetId: next.settings.year,
          details: { from: year, addedToHistory: next.addedToHistory, earlyStart: request.body.earlyStart ?? false },
        });
        return next;
      });
      reply.code(201);
      return started;
    },
  );
};

/** The settings every page reads: a public plugin (the feature's index.ts). */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', { schema: { response: { 200: rallySettingsSchema } } }, async (request, reply) => {
    return sendCachedJson(request, reply, await cachedRallySettings(app.publicCache, app.db));
  });
};

export default settingsRoutes;
