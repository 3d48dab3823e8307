/** PostgreSQL unique_violation, through either driver (PGlite or node-postgres, possibly wrapped by Drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL foreign_key_violation, through either driver (e.g. a row referenced was just removed). */
export function isForeignKeyViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Node socket errors of a database that is down or unreachable. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
/** node-postgres' own messages when it cannot get or keep a connection. */
const POOL_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Query read timeout/i;

/**
 * The database is down, restarting or unreachable (not a fault of the request): SQLSTATE class 08
 * (connection exception), 57P01–57P03 (shut down, crashed, starting up), a refused or reset
 * socket, or the pool's connection timeout. The API answers 503 for these.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNREACHABLE.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))
    )
      return true;
    if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
