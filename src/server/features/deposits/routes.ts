import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatPence } from '../../../common/money';
import {
  depositPaymentStartedSchema,
  depositSettingsSchema,
  depositViewSchema,
  manualDepositSchema,
  startDepositPaymentSchema,
  webhookAnswerSchema,
} from '../../../common/schemas/deposits';
import { idParamSchema } from '../../../common/schemas/params';
import { userOf } from '../../plugins/auth';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../../services/audit';
import { changeEntryStatus, statusHistory } from '../../services/entry-status';
import { siteLink } from '../../services/site-links';
import { notifyOrganisers } from '../../services/organiser-notifications';
import { findMyTeam } from '../../services/my-team';
import { depositReceiptEmail } from './deposit-emails';
import { findDeposit, findTeam, markReceiptSent, saveDeposit, toDepositView } from './deposit-records';
import { goCardlessClient, goCardlessEnabled } from './gocardless-client';
import { queueGoCardlessEvents, startGoCardlessWorker } from './process-events';
import { openWebhook, storeWebhookEvents } from './webhook';

const PAID_STATUSES = new Set(['deposit_paid', 'confirmed']);

/** Deposits: GoCardless payments (start, webhook) and deposits organisers enter by hand. */
const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  app.workerStarters.push(startGoCardlessWorker);

  app.get('/api/deposits/settings', { schema: { response: { 200: depositSettingsSchema } } }, async () => ({
    provider: goCardlessEnabled(app.config) ? ('gocardless' as const) : ('link' as const),
    amountPence: (await app.rallySettings()).depositAmountPence,
  }));

  // The driver or co-driver starts a GoCardless payment and is sent to its authorisation page.
  app.post(
    '/api/my-deposits/payment',
    { schema: { body: startDepositPaymentSchema, response: { 200: depositPaymentStartedSchema } } },
    async (request) => {
      const rally = await app.rallySettings();
      if (!goCardlessEnabled(app.config)) {
        throw new HttpError(409, `Online deposit payment is not set up on this site. Please pay through ${rally.depositLink}`);
      }
      const team = await findMyTeam(app.db, userOf(request));
      if (!team) throw notFound('No registration found');
      const { signup } = team;
      if (PAID_STATUSES.has(signup.status) || (await findDeposit(app.db, signup.id))) {
        throw new HttpError(409, 'Your deposit is already paid.');
      }
      if (signup.status !== 'registered') throw new HttpError(409, 'A deposit is due only while the team is registered.');
      const client = await goCardlessClient(app.config);
      const metadata = { team_id: String(signup.id), purpose: 'deposit' };
      const amount = rally.depositAmountPence;
      // One billing request per attempt: a double click (or a retry after a network error) gets the
      // same request back from GoCardless instead of a second one. A failed payment moves the team
      // back to registered, a new status change, so the next attempt gets a new request.
      const attempt = (await statusHistory(app.db, signup.id))[0]?.id ?? 0;
      try {
        const billingRequest = await client.billingRequests.create(
          {
            payment_request: {
              amount,
              currency: 'GBP',
              description: `${rally.productName} ${signup.rallyYear} deposit: ${signup.teamName}`.slice(0, 140),
              metadata,
            },
            metadata,
          },
          `rally-deposit-${signup.id}-${attempt}`,
        );
        const flow = await client.billingRequestFlows.create({
          redirect_uri: siteLink(app.config, '/registered', { payment: 'gocardless' }),
          exit_uri: siteLink(app.config, '/dashboard'),
          links: { billing_request: billingRequest.id },
        });
        if (!flow.authorisation_url) throw new Error('GoCardless answered without an authorisation URL');
        request.log.info(
          { signupId: signup.id, billingRequestId: billingRequest.id, amount: formatPence(amount) },
          'deposit payment started',
        );
        return { authorisationUrl: flow.authorisation_url };
      } catch (err) {
        request.log.error({ err: { message: (err as Error).message }, signupId: signup.id }, 'GoCardless billing request failed');
        throw new HttpError(502, 'The payment page could not be opened. Please try again in a few minutes.');
      }
    },
  );

  // Organisers: a deposit paid by bank transfer, cheque, cash or otherwise.
  app.get(
    '/api/admin/deposits/:id',
    { schema: { params: idParamSchema, response: { 200: depositViewSchema.nullable() } } },
    async (request) => {
      const row = await findDeposit(app.db, request.params.id);
      return row ? toDepositView(row) : null;
    },
  );

  app.put(
    '/api/admin/deposits/:id',
    { schema: { params: idParamSchema, body: manualDepositSchema, response: { 200: depositViewSchema } } },
    async (request) => {
      const { id } = request.params;
      const team = await findTeam(app.db, id);
      if (!team) throw notFound('Signup not found');
      const { amountPence, method, paidOn } = request.body;
      const earlier = await findDeposit(app.db, id);
      const deposit = await app.db.transaction(async (tx) => {
        const saved = await saveDeposit(tx, { signupId: id, amountPence, method, paidOn, source: 'manual', providerPaymentId: null });
        const move =
          team.status === 'registered'
            ? await changeEntryStatus(
                tx,
                id,
                'deposit_paid',
                { user: userOf(request), role: 'organiser' },
                `Deposit of ${formatPence(amountPence)} received by ${method.replace('_', ' ')} on ${paidOn}`,
              )
            : null;
        await recordAudit(tx, request, {
          action: 'deposit.manual',
          targetType: 'signup',
          targetId: id,
          details: { teamName: team.teamName, amountPence, method, paidOn, statusMove: move },
        });
        return saved;
      });
      // A correction of a deposit already recorded is not news.
      if (!earlier)
        notifyOrganisers(app, await app.rallySettings(), 'depositPaid', team, `${formatPence(amountPence)} by ${method.replace('_', ' ')}`);
      try {
        await app.mailer.send(depositReceiptEmail(team, deposit, await app.rallySettings()));
        await markReceiptSent(app.db, id, null);
      } catch (err) {
        request.log.error({ err, signupId: id }, 'deposit receipt e-mail failed');
      }
      return toDepositView(deposit);
    },
  );

  // GoCardless webhooks: the raw body is needed for the signature, so this scope reads it as bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/deposits/gocardless-webhook',
      { schema: { response: { 200: webhookAnswerSchema, 498: z.string() } } },
      async (request, reply) => {
        const opened = await openWebhook(request.body, request.headers['webhook-signature'], app.config.GOCARDLESS_WEBHOOK_SECRET);
        if (opened.kind === 'unsigned') return reply.code(498).type('text/plain').send('Invalid signature');
        if (opened.kind === 'unreadable') throw new HttpError(400, opened.message);
        // Acknowledged only once stored: GoCardless sends a batch again until it is answered with a 2xx.
        let stored;
        try {
          stored = await storeWebhookEvents(app.db, opened.events);
        } catch (err) {
          request.log.error({ err }, 'GoCardless webhook batch not stored');
          throw new HttpError(503, 'The events could not be stored. Please send them again.');
        }
        await queueGoCardlessEvents(app, stored.fresh);
        request.log.info(
          { events: opened.events.length, fresh: stored.fresh.length, rejected: stored.rejected },
          'GoCardless webhook received',
        );
        return { received: opened.events.length };
      },
    );
  });
};

export default depositRoutes;
