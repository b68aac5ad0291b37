import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { mayChangeTeamRecord, NOT_YOURS_TO_CHANGE } from '../../../common/team-records';
import {
  coDriverInvitationSchema,
  myDashboardSchema,
  myTeamPatchSchema,
  myTeamViewSchema,
  type TeamRole,
} from '../../../common/schemas/signup';
import { myDonationPatchSchema, myDonationSchema, myDonationViewSchema } from '../../../common/schemas/my-donation';
import { okSchema } from '../../../common/schemas/answers';
import { normaliseDonor } from '../../../common/schemas/donation';
import { idParamSchema } from '../../../common/schemas/params';
import { fundraisingSettingsSchema, targetBelowMinimum } from '../../../common/schemas/fundraising';
import { donations, signups, type Donation } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../errors';
import { userOf } from '../../plugins/auth';
import { z } from 'zod';
import { findMyDonation, listMyDonations, toMyTeamView } from './queries';
import { toMyDonation } from '../../services/donation-view';
import { findMyTeam } from '../../services/my-team';
import {
  assertDriver,
  DRIVER_INVITES_ONLY,
  DRIVER_WITHDRAWS_ONLY,
  invitationLimits,
  NO_PENDING_INVITATION,
  saveMyChanges,
  setCoDriver,
} from './co-driver';
import { dashboardState } from './dashboard-state';
import { coDriverStatus } from '../../services/team-views';
import { sendCoDriverInvitation } from '../../services/send-team-invitations';
import { enforce } from '../../services/rate-limit';
import { teamDonationLimit } from './donation-limits';
import { theRow } from '../../db/rows';
import { changeEntryStatus } from '../../services/entry-status';
import { fillFreePlaces } from '../../services/rally-places';
import { notifyOrganisers } from '../../services/organiser-notifications';
import { withdrawSchema } from '../../../common/schemas/entry-status';

const NO_SIGNUP = 'No registration found';

/**
 * Organiser, JustGiving and GoCardless entries are the organisers' record: read-only to the team.
 * Of the team's own, a co-driver changes only those the co-driver recorded (team-records.ts).
 */
function assertMayChangeDonation({ donation, role }: { donation: Donation; role: TeamRole }): void {
  if (donation.source !== 'participant') throw new HttpError(403, 'Only donations your team recorded can be changed');
  if (!mayChangeTeamRecord(role, donation.recordedBy)) throw new HttpError(403, NOT_YOURS_TO_CHANGE);
}

/** The team of the driver or co-driver and its donations; every route reaches only the caller's team (findMyTeam). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before their body is read (plugins/auth.ts).
  const teamAnswer = { 200: myTeamViewSchema };
  const donationAnswer = { 200: myDonationViewSchema };

  app.get('/api/my-dashboard/team', { schema: { response: teamAnswer } }, async (request) => {
    const team = await findMyTeam(app.db, userOf(request));
    if (!team) throw notFound(NO_SIGNUP);
    return toMyTeamView(app.db, team, app.clock());
  });

  // The dashboard's one read: an account without a team is an ordinary answer, not a 404 the
  // browser would log on every visit.
  app.get('/api/my-dashboard', { schema: { response: { 200: myDashboardSchema } } }, async (request) =>
    dashboardState(app.db, userOf(request), app.clock()),
  );

  app.patch('/api/my-dashboard/team', { schema: { body: myTeamPatchSchema, response: teamAnswer } }, async (request) => {
    const team = await findMyTeam(app.db, userOf(request));
    if (!team) throw notFound(NO_SIGNUP);
    const changes = request.body;
    if (!Object.keys(changes).length) return toMyTeamView(app.db, team, app.clock());
    return toMyTeamView(app.db, { ...team, signup: await saveMyChanges(app.db, team, changes) }, app.clock());
  });

  // The driver may end the team's entry (the dashboard asks first); only organisers can undo it.
  app.post('/api/my-dashboard/team/withdraw', { schema: { body: withdrawSchema, response: teamAnswer } }, async (request) => {
    const user = userOf(request);
    const team = await findMyTeam(app.db, user);
    if (!team) throw notFound(NO_SIGNUP);
    assertDriver(team, DRIVER_WITHDRAWS_ONLY);
    await changeEntryStatus(app.db, team.signup.id, 'withdrawn', { user, role: 'rallier' }, request.body.reason);
    request.log.info({ signupId: team.signup.id }, 'entry withdrawn by its driver');
    notifyOrganisers(app, await app.rallySettings(), 'teamWithdrew', team.signup, request.body.reason);
    await fillFreePlaces(app, team.signup.rallyYear);
    return toMyTeamView(app.db, { ...team, signup: { ...team.signup, status: 'withdrawn' } }, app.clock());
  });

  // The driver names the co-driver: the team's co-driver fields change and an invitation is e-mailed;
  // the co-driver sees the team once they accept it.
  app.post(
    '/api/my-dashboard/team/co-driver',
    { schema: { body: coDriverInvitationSchema, response: teamAnswer } },
    async (request, reply) => {
      const user = userOf(request);
      const team = await findMyTeam(app.db, user);
      if (!team) throw notFound(NO_SIGNUP);
      assertDriver(team, DRIVER_INVITES_ONLY);
      await enforce(app.db, invitationLimits(user.id, request.ip), reply);
      const updated = await setCoDriver(app.db, team.signup, request.body);
      try {
        await sendCoDriverInvitation(app, updated);
      } catch (err) {
        request.log.error({ err, signupId: updated.id }, 'co-driver invitation e-mail failed');
        throw new HttpError(502, 'Your co-driver is saved, but the invitation e-mail could not be sent. Please try again later.');
      }
      return toMyTeamView(app.db, { ...team, signup: updated }, app.clock());
    },
  );

  // The driver sends the pending invitation again (a fresh link; the older one stops working),
  // within the same limits as naming a co-driver.
  app.post('/api/my-dashboard/team/co-driver/resend', { schema: { response: teamAnswer } }, async (request, reply) => {
    const user = userOf(request);
    const team = await findMyTeam(app.db, user);
    if (!team) throw notFound(NO_SIGNUP);
    assertDriver(team, DRIVER_INVITES_ONLY);
    const { signup } = team;
    if (coDriverStatus(signup) !== 'invited' || !signup.coDriverEmail) throw new HttpError(409, NO_PENDING_INVITATION);
    await enforce(app.db, invitationLimits(user.id, request.ip), reply);
    try {
      await sendCoDriverInvitation(app, { ...signup, coDriverEmail: signup.coDriverEmail });
    } catch (err) {
      request.log.error({ err, signupId: signup.id }, 'co-driver invitation e-mail failed');
      throw new HttpError(502, 'The invitation e-mail could not be sent. Please try again later.');
    }
    request.log.info({ signupId: signup.id }, 'co-driver invitation sent again');
    return toMyTeamView(app.db, team, app.clock());
  });

  // The team's target, story and e-mail settings (the donate page shows the first two): the driver's.
  app.patch(
    '/api/my-dashboard/team/fundraising',
    { schema: { body: fundraisingSettingsSchema, response: teamAnswer } },
    async (request) => {
      const team = await findMyTeam(app.db, userOf(request));
      if (!team) throw notFound(NO_SIGNUP);
      assertDriver(team);
      if (!Object.keys(request.body).length) return toMyTeamView(app.db, team, app.clock());
      const { fundraisingTarget } = request.body;
      const tooLow = fundraisingTarget === undefined ? null : targetBelowMinimum(fundraisingTarget, await app.rallySettings());
      if (tooLow) throw badRequest(tooLow);
      const updated = theRow(
        await app.db.update(signups).set(request.body).where(eq(signups.id, team.signup.id)).returning(),
        'the updated team',
      );
      return toMyTeamView(app.db, { ...team, signup: updated }, app.clock());
    },
  );

  app.get('/api/my-dashboard/donations', { schema: { response: { 200: z.array(myDonationViewSchema) } } }, async (request) => {
    const team = await findMyTeam(app.db, userOf(request));
    if (!team) return [];
    return (await listMyDonations(app.db, team.signup.id)).map(toMyDonation);
  });

  app.post(
    '/api/my-dashboard/donations',
    { schema: { body: myDonationSchema, response: { 200: myDonationViewSchema, 201: myDonationViewSchema } } },
    async (request, reply) => {
      const team = await findMyTeam(app.db, userOf(request));
      if (!team) throw notFound(NO_SIGNUP);
      const signup = team.signup;
      await enforce(app.db, [teamDonationLimit(signup.id)], reply);
      const { idempotencyKey, ...fields } = normaliseDonor(request.body);
      const [created] = await app.db
        .insert(donations)
        .values({
          ...fields,
          signupId: signup.id,
          source: 'participant',
          state: 'reported',
          recordedBy: team.role,
          idempotencyKey: idempotencyKey ?? null,
        })
        .onConflictDoNothing({ target: donations.idempotencyKey })
        .returning();
      if (created) {
        reply.code(201);
        return toMyDonation(created);
      }
      // A repeated submit: answer with the donation the first one recorded (only if it is this team's).
      const [existing] = await app.db.select().from(donations).where(eq(donations.idempotencyKey, idempotencyKey!));
      if (!existing || existing.signupId !== signup.id) throw notFound('Donation not found');
      return toMyDonation(existing);
    },
  );

  app.patch(
    '/api/my-dashboard/donations/:id',
    { schema: { params: idParamSchema, body: myDonationPatchSchema, response: donationAnswer } },
    async (request) => {
      const mine = await findMyDonation(app.db, userOf(request), request.params.id);
      if (!mine) throw notFound('Donation not found');
      assertMayChangeDonation(mine);
      const existing = mine.donation;
      // The anonymity rule is applied to the donation as it will be, not to the patch alone.
      const merged = normaliseDonor({ ...existing, ...request.body });
      const [updated] = await app.db
        .update(donations)
        // A changed entry needs checking again, whatever an organiser had verified before.
        .set({ ...request.body, donorName: merged.donorName, donorEmail: merged.donorEmail, state: 'reported' })
        .where(eq(donations.id, existing.id))
        .returning();
      // Deleted since it was read: as if it had never been found.
      if (!updated) throw notFound('Donation not found');
      return toMyDonation(updated);
    },
  );

  app.delete('/api/my-dashboard/donations/:id', { schema: { params: idParamSchema, response: { 200: okSchema } } }, async (request) => {
    const mine = await findMyDonation(app.db, userOf(request), request.params.id);
    if (!mine) throw notFound('Donation not found');
    assertMayChangeDonation(mine);
    await app.db.delete(donations).where(eq(donations.id, mine.donation.id));
    return { ok: true };
  });
};

export default dashboardRoutes;
