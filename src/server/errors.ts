import { rallyTime, zonePlaceName } from '../common/rally-time';

/** An error whose message is safe to show to the user, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public issues?: { path: (string | number)[]; message: string }[],
  ) {
    super(message);
  }
}

/**
 * A 429 whose wait ends at a known moment (a team's cool-down after too many wrong answers): the
 * answer carries `retryAt` (ISO) beside the message, and Retry-After, so the app can say when.
 */
export class CoolDownError extends HttpError {
  /** The refusal in words, with the cool-down's end in the rally's zone: "... You can try again at 14:35 (Paris time)." */
  constructor(
    message: string,
    public retryAt: Date,
    timeZone: string,
  ) {
    super(429, `${message} You can try again at ${rallyTime(retryAt, timeZone)} (${zonePlaceName(timeZone)}).`);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);

/**
 * A refusal to start whose message says what to do (a bad setting, a data folder in use, a key
 * that does not open the data): the message is printed alone, without a stack trace.
 */
export class StartError extends Error {}
