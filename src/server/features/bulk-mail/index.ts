/** What other features use of bulk mail: queueing a send in the outbox the workers drain. */
export { createBulkSend, type OutboxRecipient } from './outbox';
export { messageIdDomain } from './content';
