import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  credentialsRecipientCountSchema,
  sendCredentialsAnswerSchema,
  sendCredentialsSchema,
  type SendCredentialsAnswer,
} from '../../../common/schemas/credentials';
import { HttpError } from '../../errors';
import { recordActionAudit } from '../../services/audit';
import { CREDENTIALS_QUEUE, registeredDrivers, type CredentialsJob, startCredentialsWorker } from './send-credentials';

const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.workerStarters.push(startCredentialsWorker);
  app.get('/api/admin/credentials/recipient-count', { schema: { response: { 200: credentialsRecipientCountSchema } } }, async () => {
    return { count: (await registeredDrivers(app.db)).length };
  });
  app.post(
    '/api/admin/credentials/send',
    { schema: { body: sendCredentialsSchema, response: { 200: sendCredentialsAnswerSchema } } },
    async (request): Promise<SendCredentialsAnswer> => {
      const jobs = app.jobs;
      if (!jobs) throw new HttpError(503, 'The background job queue is not running. Please try again shortly.');
      const { testEmail } = request.body;
      const recipients = testEmail ? [{ email: testEmail, firstName: null, lastName: null }] : await registeredDrivers(app.db);
      if (!recipients.length) return { message: 'There are no registered drivers to send login credentials to.', sent: 0 };
      await jobs.createQueue(CREDENTIALS_QUEUE);
      await jobs.insert(
        recipients.map((r) => ({
          name: CREDENTIALS_QUEUE,
          data: r satisfies CredentialsJob,
          retryLimit: 5,
          retryDelay: 30,
          retryBackoff: true,
        })),
      );
      await recordActionAudit(app.db, request, {
        action: 'credentials.send',
        targetType: testEmail ? 'test-address' : 'registered-drivers',
        details: { recipients: recipients.length, ...(testEmail ? { testEmail } : {}) },
      });
      const n = recipients.length;
      return { message: `Login credentials are on their way to ${n} ${n === 1 ? 'recipient' : 'recipients'}.`, sent: n };
    },
  );
};

export default credentialsRoutes;
