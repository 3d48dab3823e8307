// Embedded database only: PostgreSQL's driver (node-postgres) has its own way of sending statements.
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from './client.ts';
import { MAX_PREPARED, preparedQuery } from './pglite-prepared.ts';

describe('the embedded database prepares each statement once', () => {
  let database: Database;
  beforeAll(async () => {
    // The migrated database the test setup dumped once (test/global-setup.ts).
    const template = readFileSync(inject('pgliteTemplate'));
    database = await openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([template]) });
    await database.db.execute(
      sql`create table prepared_things (id int primary key, at timestamptz, doc jsonb, bytes bytea, tags text[])`,
    );
  });
  afterAll(() => database.close());

  const preparedCount = async (text: string) =>
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`,
      ),
    )[0]!.n;

  it('runs a statement again under the name it was prepared with, with each run its own values', async () => {
    const answers = [];
    for (const n of [1, 2, 3]) {
      const rows = rowsOf<{ n: number; word: string }>(
        await database.db.execute(sql`select ${n}::int * 2 as n, ${`word ${n}`}::text as word`),
      );
      answers.push(rows[0]);
    }
    expect(answers).toEqual([
      { n: 2, word: 'word 1' },
      { n: 4, word: 'word 2' },
      { n: 6, word: 'word 3' },
    ]);
    expect(await preparedCount('select $1::int * 2 as n, $2::text as word')).toBe(1);
  });

  it('writes and reads dates, JSON, bytes and arrays as the unprepared statements of a transaction do', async () => {
    const at = new Date('2026-11-28T08:30:00.123Z');
    const doc = { name: 'Giọt Hồng', n: [1, 2] };
    const bytes = Buffer.from([0, 1, 254, 255]);
    const tags = ['A+', 'O-', 'chữ "có" dấu, phẩy'];
    const insert = (id: number) =>
      sql`insert into prepared_things (id, at, doc, bytes, tags) values (${id}, ${at}, ${JSON.stringify(doc)}, ${bytes}, ${sql.param(tags)})`;
    const select = (id: number) => sql`select at, doc, bytes, tags from prepared_things where id = ${id}`;
    await database.db.execute(insert(1));
    await database.db.execute(insert(1 + 1));
    const prepared = rowsOf(await database.db.execute(select(1)))[0];
    const ordinary = await database.db.transaction(async (tx) => {
      await tx.execute(insert(3));
      return rowsOf(await tx.execute(select(3)))[0];
    });
    expect(prepared).toEqual(ordinary);
    expect(prepared).toMatchObject({ doc, tags });
    expect(Buffer.from((prepared as { bytes: Uint8Array }).bytes)).toEqual(bytes);
  });

  it('gives PostgreSQL’s error with the statement, and the statement still runs afterwards', async () => {
    const insert = (id: number) => sql`insert into prepared_things (id) values (${id})`;
    await database.db.execute(insert(10));
    const err = await database.db.execute(insert(10)).then(
      () => undefined,
      (e: Error & { cause?: { code?: string; query?: string } }) => e.cause ?? e,
    );
    expect(err).toMatchObject({ code: '23505', query: 'insert into prepared_things (id) values ($1)' });
    await database.db.execute(insert(11));
    const rows = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from prepared_things where id >= 10`),
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('does not remember a statement PostgreSQL refuses to prepare', async () => {
    const err = await database.db.execute(sql`select * from no_such_table where id = ${1}`).then(
      () => undefined,
      (e: Error & { cause?: { code?: string } }) => e.cause ?? e,
    );
    expect(err).toMatchObject({ code: '42P01' });
    expect(await preparedCount('select * from no_such_table where id = $1')).toBe(0);
  });

  it('runs statements beyond the ones it keeps prepared the ordinary way', async () => {
    for (let i = 0; i < MAX_PREPARED + 5; i++) {
      const rows = rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select ${i}::int as n`)));
      expect(rows[0]!.n).toBe(i);
    }
    const kept = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements`),
    );
    expect(kept[0]!.n).toBeLessThanOrEqual(MAX_PREPARED);
  });
});

describe("a prepared statement's own parsers", () => {
  let client: PGlite;
  let query: PGlite['query'];
  beforeAll(async () => {
    client = await PGlite.create();
    query = preparedQuery(client, client.query, { parse, protocol });
  });
  afterAll(() => client.close());

  const text = `select $1::timestamptz as at, $2::int as n, '{"a": [1, 2]}'::jsonb as doc`;
  const at = new Date('2026-11-30T08:30:00.000Z');

  it('read the types they name, PGlite reads the others, and they do not outlast their statement', async () => {
    const own = await query<{ at: unknown; n: unknown; doc: unknown }>(text, [at, 5], {
      parsers: { 1184: (value: string) => `own ${value}` },
    });
    expect(own.rows).toEqual([{ at: 'own 2026-11-30 08:30:00+00', n: 5, doc: { a: [1, 2] } }]);
    const plain = await query<{ at: unknown }>(text, [at, 6]);
    expect(plain.rows[0]!.at).toEqual(at);
    const arrays = await query(text, [at, 7], {
      rowMode: 'array',
      parsers: { 23: (value: string) => -Number(value) },
    });
    expect(arrays.rows).toEqual([[at, -7, { a: [1, 2] }]]);
  });
});
