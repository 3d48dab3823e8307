/** A PostgreSQL error code (SQLSTATE): five digits or capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** The part of Drizzle's message that quotes the query's values. */
const PARAMS_TAIL = /\nparams:[\s\S]*$/;
const MAX_QUERY_CHARS = 600;

type Loose = Record<string, unknown> & { cause?: unknown };
/** The shape pino's error serializer gives, which Fastify's logger options expect. */
type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The errors of `err` and its causes, outermost first (a few levels: drivers wrap once or twice). */
function chain(err: unknown): Loose[] {
  const out: Loose[] = [];
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    out.push(e as Loose);
    e = (e as Loose).cause;
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * What the log keeps of an error. A database error keeps its code, the names of the constraint,
 * table and column it names, and the query's shape (the SQL with its `$n` placeholders), never the
 * values: Drizzle's message and the drivers' `detail` quote them, and they are personal data (an
 * address, a mobile number, a contact message). Any other error keeps the standard fields, its
 * message cut before a quoted parameter list.
 */
export function logSafeError(err: unknown): LoggedError {
  const errors = chain(err);
  const database = errors.find((e) => typeof e.code === 'string' && SQLSTATE.test(e.code));
  const drizzle = errors.find((e) => typeof e.query === 'string' && 'params' in e);
  if (database || drizzle) {
    const query = str(drizzle?.query) ?? str(database?.query);
    const code = str(database?.code);
    return {
      type: 'DatabaseError',
      message: `database error ${code ?? ''}`.trim(),
      stack: '',
      code,
      severity: str(database?.severity),
      constraint: str(database?.constraint),
      table: str(database?.table),
      column: str(database?.column),
      routine: str(database?.routine),
      query: query && query.length > MAX_QUERY_CHARS ? `${query.slice(0, MAX_QUERY_CHARS)}…` : query,
    };
  }
  if (err instanceof Error) {
    const clean: LoggedError = {
      type: err.constructor.name,
      message: err.message.replace(PARAMS_TAIL, ''),
      stack: (err.stack ?? '').replace(err.message, err.message.replace(PARAMS_TAIL, '')),
    };
    if (typeof (err as unknown as Loose).code === 'string') clean.code = (err as unknown as Loose).code;
    return clean;
  }
  if (err && typeof err === 'object') {
    const o = err as Loose;
    return {
      type: 'Object',
      message: typeof o.message === 'string' ? o.message.replace(PARAMS_TAIL, '') : '',
      stack: '',
      ...(typeof o.code === 'string' ? { code: o.code } : {}),
    };
  }
  return { type: typeof err, message: String(err).replace(PARAMS_TAIL, ''), stack: '' };
}

/** What a background failure's log line keeps of its error: kinds and codes, no message. */
export type FailureCodes = { type: string; code?: string; responseCode?: number };

/**
 * The codes of a failed background task (a mail, a notification, a sweep, a job), for its log
 * line. Never the message: an SMTP server's reply quotes the addresses it refused ("550 5.1.1
 * <name@example.vn>: user unknown"), and a database error its values. The code (an SQLSTATE,
 * nodemailer's 'EENVELOPE', Node's 'ECONNREFUSED') and the SMTP reply code say what went wrong.
 */
export function failureCodes(err: unknown): FailureCodes {
  const errors = chain(err);
  const code = errors.map((e) => e.code).find((c): c is string => typeof c === 'string');
  const responseCode = errors.map((e) => e.responseCode).find((c): c is number => typeof c === 'number');
  const first = errors[0];
  const type =
    err instanceof Error
      ? err.constructor.name
      : first
        ? 'Object'
        : typeof err === 'string'
          ? 'string'
          : 'unknown';
  return { type, ...(code ? { code } : {}), ...(responseCode !== undefined ? { responseCode } : {}) };
}

/** Logs a background failure with its codes only (`failureCodes`) under `failure`, and `extra` context. */
export function logFailure(
  log: { error(obj: object, msg: string): void },
  err: unknown,
  msg: string,
  extra: Record<string, unknown> = {},
): void {
  log.error({ ...extra, failure: failureCodes(err) }, msg);
}
