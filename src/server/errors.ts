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

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);

/**
 * A refusal to start whose message says what to do (a bad setting, a data folder in use, a key
 * that does not open the data): the message is printed alone, without a stack trace.
 */
export class StartError extends Error {}
