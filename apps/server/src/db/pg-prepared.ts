import type pg from 'pg';

/**
 * PostgreSQL's statements as named prepared statements, each parsed once per connection.
 *
 * node-postgres sends a statement with parameters as parse, bind, describe, execute and sync, and
 * PostgreSQL parses, analyses and plans its text again every time. Given a name, the parse is sent
 * once per connection, and PostgreSQL keeps the parsed statement (and, after a few runs, its plan,
 * as for any prepared statement): a booking's statements cost the database less CPU (ADR 63). This
 * wraps one connection's `query`: a statement with parameters whose caller named none gets a name
 * of this connection's (`g1`, `g2`…), the same for the same text. Results, errors and transactions
 * are node-postgres' own.
 *
 * Not named: statements without parameters (they go by the simple protocol in one message,
 * `BEGIN`, `COMMIT`…), anything already named or not a plain text (a cursor, a COPY stream), and any
 * text after the first `MAX_NAMED` of a connection (a statement built with a variable number of
 * parameters would otherwise add names for ever). When PostgreSQL answers that a remembered
 * statement cannot be used any more (its table changed under it, or the session was reset), the
 * error goes to the caller as before and the text gets a new name at its next run.
 */
export const MAX_NAMED = 256;

/** PostgreSQL's answers when a prepared statement cannot be used any more. */
const STALE_STATEMENT = new Set([
  '26000', // invalid_sql_statement_name: the prepared statement is gone
  '0A000', // feature_not_supported: "cached plan must not change result type"
]);

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

export function namedStatements(query: pg.PoolClient['query']): pg.PoolClient['query'] {
  const names = new Map<string, string>();
  let next = 1;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `g${next++}`));
    return name;
  };
  const forget = (text: string, name: string) => (err: unknown) => {
    if (STALE_STATEMENT.has((err as { code?: string } | null)?.code ?? '') && names.get(text) === name)
      names.delete(text);
  };
  return function (this: pg.PoolClient, ...args: unknown[]) {
    const [first, second] = args;
    let config: QueryConfig | undefined;
    if (typeof first === 'string') config = { text: first };
    else if (first && typeof first === 'object' && typeof (first as QueryConfig).submit !== 'function')
      config = first as QueryConfig;
    const values = Array.isArray(second) ? second : config?.values;
    if (
      !config ||
      typeof config.text !== 'string' ||
      config.name != null ||
      !Array.isArray(values) ||
      values.length === 0
    )
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    const text = config.text;
    const name = nameOf(text);
    if (name === undefined) return (query as (...a: unknown[]) => unknown).apply(this, args);
    args[0] = { ...config, name };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      // pg's own callback form (how the pool calls its connections).
      const callback = args[last] as (err: unknown, ...rest: unknown[]) => void;
      args[last] = (err: unknown, ...rest: unknown[]) => {
        if (err) forget(text, name)(err);
        callback(err, ...rest);
      };
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    }
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).catch(forget(text, name));
    return result;
  } as pg.PoolClient['query'];
}
