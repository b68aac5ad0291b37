import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatPence } from '../../../common/money';
import { personName } from '../../../common/person-name';
import type { PageMeta } from '../../services/page-meta';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { leaderboard } from './queries';
import { findPublicTeamPage } from '../../services/public-team-page';
import { shareImageUrl } from './share-image-route';
import { parseTeamId } from '../../../common/schemas/params';

const pageTitle = (title: string, rally: RallySettings) => `${title} | ${rally.productName}`;

async function donateMeta(app: FastifyInstance, rawId: string | undefined): Promise<PageMeta> {
  const rally = await app.rallySettings();
  const id = rawId === undefined ? null : parseTeamId(rawId);
  const team = id === null ? null : await findPublicTeamPage(app.db, id, rally);
  if (!team) return { title: pageTitle('Team Not Found', rally), description: "The team you're looking for doesn't exist." };
  const crew = [personName(team.driverFirstName, team.driverLastName), personName(team.coDriverFirstName, team.coDriverLastName)]
    .filter(Boolean)
    .join(' & ');
  return {
    title: pageTitle(`Donate to ${team.teamName}`, rally),
    // The team's own year: an earlier season's team is not on this season's route.
    description:
      team.rallyYear === rally.year
        ? `Sponsor ${team.teamName} (${crew}) on the ${rally.productName} ${rally.year}, ${rally.routeLabel}, raising money for Jersey charities.`
        : `Sponsor ${team.teamName} (${crew}), who took part in the ${rally.productName} ${team.rallyYear}, raising money for Jersey charities.`,
    image: shareImageUrl(app, team, rally),
  };
}

async function leaderboardMeta(app: FastifyInstance): Promise<PageMeta> {
  const rally = await app.rallySettings();
  const entries = await leaderboard(app.db, rally);
  const raised = entries.reduce((sum, e) => sum + e.donationTotal, 0);
  const teams = entries.filter((e) => e.donationTotal > 0).length;
  return {
    title: pageTitle('Fundraising Leaderboard', rally),
    description: `${formatPence(raised)} raised for Jersey charities by ${teams} ${teams === 1 ? 'team' : 'teams'} on the ${rally.productName} ${rally.year}. See who's leading and sponsor a car.`,
  };
}

/**
 * The public fundraising pages are served with their own title and share preview, so a link
 * shared to a chat or social site shows the team or the leaderboard rather than the home page.
 * A failed lookup still serves the app (with the default preview): the page itself reports it.
 */
export function registerPageMeta(app: FastifyInstance) {
  const serve =
    (meta: (params: Record<string, string>) => Promise<PageMeta> | PageMeta) => async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return reply.sendApp(await meta(request.params as Record<string, string>));
      } catch (err) {
        request.log.warn({ err }, 'page meta lookup failed');
        return reply.sendApp();
      }
    };

  app.get(
    '/teams',
    serve(async () => {
      const rally = await app.rallySettings();
      return {
        title: pageTitle("Who's Registered", rally),
        description: `Meet the teams driving ${rally.routeLabel} in the ${rally.productName} ${rally.year}, and sponsor a car for Jersey charities.`,
      };
    }),
  );
  app.get(
    '/leaderboard',
    serve(() => leaderboardMeta(app)),
  );
  app.get(
    '/donate/thank-you',
    serve(async () => {
      const rally = await app.rallySettings();
      return {
        title: pageTitle('Thank You for Your Donation', rally),
        description: `Every pound raised on the ${rally.productName} goes to local charities in Jersey.`,
      };
    }),
  );
  app.get(
    '/donate/:signupId',
    serve((params) => donateMeta(app, params.signupId)),
  );
}
