import type { FastifyInstance } from 'fastify';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { PublicTeamPage } from '../../../common/schemas/public-team';
import { parseTeamId } from '../../../common/schemas/params';
import { createStorage } from '../../services/storage';
import { siteLink } from '../../services/site-links';
import { notFound } from '../../errors';
import { findPublicTeamPage } from '../../services/public-team-page';
import { drawShareImage, shareImageVersion, type ShareImageInputs } from './share-image';

const inputsOf = (team: PublicTeamPage, rally: RallySettings): ShareImageInputs => ({
  siteName: `${rally.productName} ${team.rallyYear}`,
  teamName: team.teamName,
  carImageUrl: team.carImageUrl,
  raised: team.donationTotal,
  target: team.target,
});

/**
 * The absolute address of a team's share image. The version in the query changes with the image,
 * so a link preview cached by a chat or social site is asked again once the team's progress moves.
 */
export function shareImageUrl(app: FastifyInstance, team: PublicTeamPage, rally: RallySettings): string {
  return siteLink(app.config, `/og/teams/${team.id}.png`, { v: shareImageVersion(inputsOf(team, rally)) });
}

/**
 * Serves each team's share image at /og/teams/{id}.png. An image is drawn once per change of its
 * inputs and kept on disk under DATA_DIR/share-images, named by team and inputs, so it survives a
 * restart; every instance draws the same bytes for the same inputs. A team's older images are
 * removed when a new one is kept.
 */
export function registerShareImage(app: FastifyInstance) {
  const storage = createStorage(app.config, app.signingKey);
  const dir = path.join(app.config.dataDir, 'share-images');

  async function imageFor(team: PublicTeamPage, rally: RallySettings): Promise<{ bytes: Buffer; version: string }> {
    const inputs = inputsOf(team, rally);
    const version = shareImageVersion(inputs);
    const file = path.join(dir, `${team.id}-${version}.png`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return { bytes: kept, version };
    const photo = team.carImageUrl ? await storage.readPublic(team.carImageUrl).catch(() => null) : null;
    const bytes = await drawShareImage(inputs, photo);
    await mkdir(dir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.tmp`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    const older = (await readdir(dir)).filter((f) => f.startsWith(`${team.id}-`) && f.endsWith('.png') && f !== path.basename(file));
    await Promise.all(older.map((f) => rm(path.join(dir, f), { force: true })));
    return { bytes, version };
  }

  app.get('/og/teams/:id.png', async (request, reply) => {
    const { id: rawId } = request.params as { id: string };
    const { v } = request.query as { v?: string };
    const id = parseTeamId(rawId);
    const rally = await app.rallySettings();
    const team = id === null ? null : await findPublicTeamPage(app.db, id, rally);
    if (!team) throw notFound('Team not found');
    const { bytes, version } = await imageFor(team, rally);
    // The versioned address never changes its bytes; the bare one follows the team.
    reply.header('Cache-Control', v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    return reply.type('image/png').send(bytes);
  });
}
