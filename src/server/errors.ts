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
