/** What other features (and the organiser seed) may use from accounts: set-password links, account lookup, login limits. */
export { addPasswordToken, deleteToken, hashToken, issuePasswordToken, keepOnlyToken, SET_PASSWORD_TOKEN_TTL_MS } from './reset-tokens';
export { resetPasswordEmail } from './reset-email';
export { findUserByEmail } from './users';
export { authLimits } from './limits';
export { hasProvenMailbox, isUnverifiedAccountOf, rememberProvenMailbox, verifyByProvenMailbox } from './mailbox-proof';
