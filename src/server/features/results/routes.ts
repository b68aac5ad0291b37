import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  huntFillAnswerSchema,
  huntFillSchema,
  huntResultsSchema,
  publishAnswerSchema,
  resultsImportSchema,
  resultsSaveSchema,
  resultsYearsSchema,
  yearResultsSchema,
} from '../../../common/schemas/results';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { rallyYear } from '../../../common/schemas/primitives';
import type { Db } from '../../db/client';
import { teamResults } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordAudit, type Tx } from '../../services/audit';
import { seasonSettings } from '../../services/rally-settings';
import { parseSheetInWorker } from '../../services/spreadsheets/parse-in-worker';
import { readSpreadsheetUpload } from '../../services/spreadsheets/spreadsheet-upload';
import { IMPORT_MAX_BYTES } from '../../services/spreadsheets/import-kind';
import { mergeResults, planImport, type StoredResult } from './merge-results';
import { matchResultRows, RESULTS_COLUMNS, type ResultsRow } from './match-import';
import { huntNotOver, huntResults, noHunt, planHuntFill } from './hunt-fill';
import { publishResults } from './publish';
import { resultsYears, yearResults, yearTeams, type YearTeam } from './queries';

const yearParams = z.object({ year: rallyYear() });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function yearSettings(db: Db, year: number): Promise<RallySettings> {
  const settings = await seasonSettings(db, year);
  if (!settings) throw notFound(`There is no ${year} season`);
  return settings;
}

type Plan = { next: Map<number, StoredResult>; ids: number[]; rejected: boolean };
/** A team's result before and after a change, as its audit row lists it. */
type ResultChange = { signupId: number; team: string | undefined; before: StoredResult | null; after: StoredResult | null };

/**
 * Changes a year's results in one transaction: the year's teams and current results are read under
 * a lock, `decide` says the results the named teams should have, and those are written (nothing
 * when it rejected the change).
 */
async function changeResults<P extends Plan>(
  db: Db,
  year: number,
  decide: (names: Map<number, string>, current: Map<number, StoredResult>, teams: YearTeam[]) => P,
  /** Records the change (its audit row) in the same transaction, unless the plan was rejected. */
  record: (tx: Tx, plan: P, changes: ResultChange[]) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rally-results'), ${year})`);
    const teams = await yearTeams(tx, year);
    const names = new Map(teams.map((team) => [team.signupId, team.teamName]));
    const current = new Map<number, StoredResult>();
    for (const team of teams)
      if (team.rank !== null) current.set(team.signupId, { rank: team.rank, carNumber: team.carNumber, score: team.score });
    const plan = decide(names, current, teams);
    if (plan.rejected) return { plan, changes: [] };
    if (!plan.ids.length) {
      await record(tx, plan, []);
      return { plan, changes: [] };
    }
    // Delete then insert, so two teams may swap a rank or a car number within one change.
    await tx.delete(teamResults).where(inArray(teamResults.signupId, plan.ids));
    const rows = plan.ids.flatMap((id) => {
      const r = plan.next.get(id);
      return r ? [{ signupId: id, rallyYear: year, ...r }] : [];
    });
    if (rows.length) await tx.insert(teamResults).values(rows);
    const changes: ResultChange[] = plan.ids.map((id) => ({
      signupId: id,
      team: names.get(id),
      before: current.get(id) ?? null,
      after: plan.next.get(id) ?? null,
    }));
    await record(tx, plan, changes);
    return { plan, changes };
  });
}

/**
 * Results of a rally year, entered by organisers on /admin/results after the rally (typed in the
 * table or imported from a spreadsheet), then published into the historic database. Organisers only;
 * every change audited.
 */
const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/api/admin/results/years', { schema: { response: { 200: resultsYearsSchema } } }, async () => {
    return resultsYears(app.db, (await app.rallySettings()).year);
  });

  app.get('/api/admin/results/:year', { schema: { params: yearParams, response: { 200: yearResultsSchema } } }, async (request) => {
    return yearResults(app.db, request.params.year);
  });

  app.put(
    '/api/admin/results/:year',
    { schema: { params: yearParams, body: resultsSaveSchema, response: { 200: yearResultsSchema } } },
    async (request) => {
      const { year } = request.params;
      const { results } = request.body;
      const { plan } = await changeResults(
        app.db,
        year,
        (names, current) => {
          const merged = mergeResults(names, current, results);
          return { ...merged, ids: results.map((r) => r.signupId), rejected: merged.rejected.length > 0, rejections: merged.rejected };
        },
        (tx, _plan, changes) =>
          recordAudit(tx, request, { action: 'results.save', targetType: 'rally', targetId: year, details: { changes } }),
      );
      const rejected = plan.rejections;
      if (rejected.length)
        throw new HttpError(
          400,
          rejected[0]!.message,
          rejected.map((r) => ({ path: ['results', r.index, r.field], message: r.message })),
        );
      return yearResults(app.db, year);
    },
  );

  app.post(
    '/api/admin/results/:year/import',
    { schema: { params: yearParams, response: { 200: resultsImportSchema } } },
    async (request) => {
      const { year } = request.params;
      const { name, buf, kind } = await readSpreadsheetUpload(request);
      const rows = (await parseSheetInWorker(buf, kind, RESULTS_COLUMNS)) as ResultsRow[];
      const { plan } = await changeResults(
        app.db,
        year,
        (names, current, teams) => {
          const found = matchResultRows(year, rows, teams);
          return { ...planImport(names, current, found.matched), unmatched: found.skipped, rejected: false };
        },
        (tx, done) =>
          recordAudit(tx, request, {
            action: 'results.import',
            targetType: 'rally',
            targetId: year,
            details: {
              file: name.slice(0, 200),
              rows: rows.length,
              matched: done.accepted.length,
              skipped: done.unmatched.length + done.skipped.length,
            },
          }),
      );
      const matched = plan.accepted.map(({ entry: _entry, ...m }) => m);
      const skipped = [...plan.unmatched, ...plan.skipped].sort((a, b) => a.line - b.line);
      return {
        message: `Saved the results of ${plural(matched.length, 'team')}; skipped ${plural(skipped.length, 'row')}`,
        matched,
        skipped,
      };
    },
  );

  const hunt = async (year: number) => huntResults(app.db, await yearSettings(app.db, year), app.clock(), await yearTeams(app.db, year));

  app.get('/api/admin/results/:year/hunt', { schema: { params: yearParams, response: { 200: huntResultsSchema } } }, async (request) =>
    hunt(request.params.year),
  );

  // Fills rank and score from the hunt's final standings (hunt-fill.ts); results already typed or
  // imported are overwritten only with `replace`, which the screen sends after asking.
  app.post(
    '/api/admin/results/:year/hunt',
    { schema: { params: yearParams, body: huntFillSchema, response: { 200: huntFillAnswerSchema } } },
    async (request) => {
      const { year } = request.params;
      const found = await hunt(year);
      if (!found.open) throw new HttpError(409, huntNotOver(year, found.opensOn));
      if (!found.hasClues) throw new HttpError(409, noHunt(year));
      const { plan } = await changeResults(
        app.db,
        year,
        (_names, current) => {
          const fill = planHuntFill(found, current);
          return { ...fill, rejected: fill.typed.length > 0 && !request.body.replace };
        },
        (tx, done, changes) =>
          recordAudit(tx, request, {
            action: 'results.fill_from_hunt',
            targetType: 'rally',
            targetId: year,
            details: { replaced: done.typed.length, changes },
          }),
      );
      if (plan.rejected)
        throw new HttpError(
          409,
          `${plural(plan.typed.length, 'team')} already ${plan.typed.length === 1 ? 'has a result' : 'have results'} that the treasure hunt would change: confirm to replace ${plan.typed.length === 1 ? 'it' : 'them'}.`,
        );
      const message = `Filled the ranks and scores of ${plural(found.teams.length, 'team')} from the treasure hunt${
        plan.typed.length ? ` (${plural(plan.typed.length, 'earlier result')} replaced)` : ''
      }.`;
      return { message, results: await yearResults(app.db, year) };
    },
  );

  app.post(
    '/api/admin/results/:year/publish',
    { schema: { params: yearParams, response: { 200: publishAnswerSchema } } },
    async (request) => {
      const { year } = request.params;
      const settings = await yearSettings(app.db, year);
      const { teams } = await yearResults(app.db, year);
      if (!teams.some((team) => team.rank !== null)) throw new HttpError(400, `Enter the ${year} results before publishing them`);
      const outcome = await app.db.transaction(async (tx) => {
        const published = await publishResults(tx, settings);
        const { added, updated, removed, winner } = published;
        await recordAudit(tx, request, {
          action: 'results.publish',
          targetType: 'rally',
          targetId: year,
          details: { added, updated, removed, winner: winner?.teamName ?? null },
        });
        return published;
      });
      const message = `Published ${plural(outcome.added + outcome.updated, 'team')} of ${year} (${outcome.added} new, ${outcome.updated} updated${
        outcome.removed ? `, ${outcome.removed} withdrawn since taken out` : ''
      })`;
      return { message, ...outcome };
    },
  );
};

export default resultsRoutes;
