import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** PGlite's module, loaded by the caller only when the embedded database is used (ADR 42). */
type PgliteModule = Pick<typeof import('@electric-sql/pglite'), 'parse' | 'protocol'>;

/**
 * The embedded database's statements as named prepared statements, each run in one message.
 *
 * PGlite's `query` sends a statement to PostgreSQL in six trips through the WebAssembly boundary
 * (parse, describe, bind, describe, execute, sync), and PostgreSQL parses, analyses and plans the
 * text again each time: a fixed cost of a few tenths of a millisecond per statement on the request
 * thread, whatever the statement does (ADR 45, 49). Here a statement's text is parsed once, under
 * a name, with the types of its parameters read back; afterwards each run is one message (bind,
 * describe, execute, sync) handled in one trip, and PostgreSQL reuses the parsed statement (and,
 * after a few runs, its plan, as for any prepared statement). The values are serialised and the
 * rows parsed exactly as PGlite's `query` does (its serialisers and parsers, the caller's
 * `rowMode`, `parsers` and `serializers`), and a database error is the same error with the same
 * fields.
 *
 * What is not prepared goes through PGlite's own `query`: statements inside a transaction (the
 * transaction object's `query` is left alone), statements with a blob (COPY) or with parameter
 * types named by the caller, and any text after the first `MAX_PREPARED` distinct ones (a
 * statement built with a variable number of parameters would otherwise add names forever). A statement whose preparation fails (a syntax error, a
 * missing table) is not remembered and runs the ordinary way, which gives the ordinary error.
 */
export const MAX_PREPARED = 256;

type Prepared = { name: string; paramTypes: number[] };

/** PostgreSQL's answers when a remembered statement cannot be used any more. */
const STALE_STATEMENT = new Set([
  '26000', // invalid_sql_statement_name: the prepared statement is gone
  '0A000', // feature_not_supported: "cached plan must not change result type"
]);

type Internals = {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
};

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** A `query` for `client` that prepares each statement once; `ordinary` is PGlite's own `query`. */
export function preparedQuery(
  client: PGlite,
  ordinary: PGlite['query'],
  { parse: pgliteParse, protocol }: PgliteModule,
): PGlite['query'] {
  const internals = client as unknown as Internals;
  const prepared = new Map<string, Prepared>();
  let nextName = 0;

  /** Parses `text` under a new name; undefined when PostgreSQL refuses it (the caller runs it plainly). */
  async function prepare(text: string): Promise<Prepared | undefined> {
    const name = `giothong_${nextName++}`;
    try {
      const { messages } = await client.execProtocol(
        concat([
          protocol.serialize.parse({ name, text }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const statement = { name, paramTypes: pgliteParse.parseDescribeStatementResults(messages) };
      prepared.set(text, statement);
      return statement;
    } catch {
      return undefined;
    }
  }

  /**
   * The parsers and options for PGlite's `parseResults`. Given a caller's own parsers (drizzle
   * passes nine with every statement), `parseResults` copies its 318 defaults into a new object
   * with them on top, at each statement: 0.1 ms of the request thread here, a tenth of a login's
   * work on this database. A map whose prototype holds the defaults answers the same lookups
   * (a type's parser is only ever read by its number) for the cost of the caller's few.
   */
  function parsersOf(options: QueryOptions | undefined): [Internals['parsers'], QueryOptions | undefined] {
    if (!options?.parsers) return [internals.parsers, options];
    const parsers = Object.assign(Object.create(internals.parsers) as Internals['parsers'], options.parsers);
    return [parsers, { ...options, parsers: undefined }];
  }

  async function run<T>(
    statement: Prepared,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? internals.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    try {
      const { messages } = await client.execProtocol(
        concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      await client.syncToFs();
      return pgliteParse.parseResults(messages, ...parsersOf(options))[0] as Results<T>;
    } catch (e) {
      // The error PGlite's own `query` throws: PostgreSQL's, with the statement it came from.
      Object.assign(e as object, { query: text, params, queryOptions: options });
      throw e;
    }
  }

  return async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    // A text is prepared with the types PostgreSQL infers; a caller naming its own goes the ordinary way.
    if (options?.blob || options?.paramTypes || (!prepared.has(text) && prepared.size >= MAX_PREPARED))
      return ordinary.call(client, text, params, options) as Promise<Results<T>>;
    return internals
      ._runExclusiveTransaction(() =>
        internals._runExclusiveQuery(async () => {
          const statement = prepared.get(text) ?? (await prepare(text));
          if (!statement) return undefined;
          try {
            return await run<T>(statement, text, params, options);
          } catch (e) {
            if (!STALE_STATEMENT.has((e as { code?: string }).code ?? '')) throw e;
            prepared.delete(text);
            return undefined;
          }
        }),
      )
      .then(
        // Not prepared (refused, or no longer usable): PGlite's own way, outside the locks it takes itself.
        (result) => result ?? (ordinary.call(client, text, params, options) as Promise<Results<T>>),
      );
  } as PGlite['query'];
}
