import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (links from e-mails, signed upload URLs). */
const SECRET_PARAM = /token|signature|sig|key|code|password/i;
/** Paths that carry a secret as a path segment: unsubscribe, consent, confirmation and follow links. */
const SECRET_PATHS = [
  /^(\/unsubscribe\/)[^/?#]+/,
  /^(\/api\/unsubscribe\/)[^/?#]+/,
  /^(\/consent\/)[^/?#]+/,
  /^(\/follow\/confirm\/)[^/?#]+/,
  /^(\/follow\/)(?!confirm\/)[^/?#]+/,
  /^(\/api\/followers\/)(?!confirm(?:[/?#]|$))[^/?#]+/,
  /^(\/api\/tracking\/tracker\/)[^/?#]+/,
];
/** Paths whose whole query is personal: a tracker's address gets the team's position as parameters. */
const PERSONAL_QUERY_PATHS = [/^\/api\/tracking\/tracker\//];

/** The URL as it may be logged: secret query values and path tokens replaced by [redacted]. */
export function redactUrl(url: string): string {
  const [pathPart, query] = splitOnce(url, '?');
  let path = pathPart;
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, '$1[redacted]');
  if (query === undefined) return path;
  if (PERSONAL_QUERY_PATHS.some((re) => re.test(pathPart))) return `${path}?[redacted]`;
  const safe = query
    .split('&')
    .map((pair) => {
      const [name] = splitOnce(pair, '=');
      return SECRET_PARAM.test(decodeSafely(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${safe}`;
}

const splitOnce = (s: string, sep: string): [string, string | undefined] => {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
};
const decodeSafely = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * An error as it may be logged. Database errors (drizzle's "Failed query: ... params: ...") carry
 * the values of the query, which can be passport numbers, medical notes or password hashes: the
 * parameters are cut from the message and the stack, and never copied from the error's fields.
 */
export function safeError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: 'unknown', message: 'non-error thrown', stack: '' };
  const strip = (s: string | undefined) => (s ?? '').replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
  const cause = err.cause instanceof Error ? err.cause : undefined;
  return {
    type: err.name,
    message: strip(err.message),
    stack: strip(err.stack),
    code: (err as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code,
    // A database error's own message can quote a value ('invalid input syntax ... "X"', 'Key (email)=(x)'):
    // only its code and the names of the constraint, table and column are kept.
    ...(cause ? { cause: pick(cause, ['name', 'code', 'constraint', 'table', 'column']) } : {}),
  };
}

const pick = (o: object, keys: string[]) =>
  Object.fromEntries(
    keys.filter((k) => (o as Record<string, unknown>)[k] !== undefined).map((k) => [k, (o as Record<string, unknown>)[k]]),
  );

/** Pino serializers for Fastify's request log lines and every logged `err`. */
export const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
  err: safeError,
};

/** Headers that hold credentials; pino replaces their values. */
export const logRedactPaths = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];
