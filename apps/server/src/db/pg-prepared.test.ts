import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DB_KINDS } from '../../test/helper.ts';
import { openDatabase, type Database } from './client.ts';
import { MAX_NAMED } from './pg-prepared.ts';

// PostgreSQL's own prepared statements (the embedded database has its own: pglite-prepared.ts).
// One connection in the pool, so that every statement runs in the session whose prepared
// statements `pg_prepared_statements` lists.
describe.skipIf(!DB_KINDS.includes('postgres'))(
  'statements prepared once per connection, on postgres',
  () => {
    let made: { url: string; drop(): Promise<void> };
    let database: Database;
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const prepared = () =>
      rows<{ name: string; statement: string }>(
        sql`select name, statement from pg_prepared_statements order by prepare_time, name`,
      );

    beforeAll(async () => {
      made = await createPostgresDatabase();
      database = await openDatabase({ kind: 'postgres', url: made.url, poolSize: 1 });
    });
    afterAll(async () => {
      await database?.close();
      await made?.drop();
    });

    it('a statement with parameters is parsed once under a name, and runs with any values', async () => {
      for (const n of [1, 2, 3])
        expect(await rows<{ n: number }>(sql`select ${n}::int + 1 as n`)).toEqual([{ n: n + 1 }]);
      const named = (await prepared()).filter((p) => p.statement.includes('+ 1 as n'));
      expect(named).toEqual([
        { name: expect.stringMatching(/^g\d+$/), statement: 'select $1::int + 1 as n' },
      ]);
      // Without parameters: the simple protocol, nothing prepared.
      await database.db.execute(sql`select 41 + 1 as answer`);
      expect((await prepared()).some((p) => p.statement.includes('answer'))).toBe(false);
    });

    it('an idle connection outlives pg’s 10 s default, with its prepared statements', async () => {
      const backend = async () =>
        (await rows<{ pid: number }>(sql`select pg_backend_pid() as pid where ${1}::int = 1`))[0]!.pid;
      const before = await backend();
      // pg-pool's own default closes a connection idle for 10 s.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await backend()).toBe(before);
      expect((await prepared()).filter((p) => p.statement.includes('pg_backend_pid'))).toHaveLength(1);
    });

    it('an error is the caller’s as before, and transactions work as before', async () => {
      await database.db.execute(sql`create table pair (a int primary key, b text)`);
      await database.db.execute(sql`insert into pair values (${1}, ${'one'})`);
      await expect(
        database.db.execute(sql`insert into pair values (${1}, ${'again'})`),
      ).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '23505' }),
      });
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pair values (${2}, ${'two'})`);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await rows(sql`select a, b from pair where a > ${0} order by a`)).toEqual([{ a: 1, b: 'one' }]);
    });

    it('a statement whose table changed, or a reset session, fails once and is prepared again', async () => {
      await database.db.execute(sql`create table kept (a int)`);
      await database.db.execute(sql`insert into kept values (${1})`);
      const read = () => rows(sql`select * from kept where a = ${1}`);
      expect(await read()).toEqual([{ a: 1 }]);
      await database.db.execute(sql`alter table kept add column b text default 'x'`);
      // PostgreSQL refuses the remembered plan once ("cached plan must not change result type").
      await expect(read()).rejects.toMatchObject({ cause: expect.objectContaining({ code: '0A000' }) });
      expect(await read()).toEqual([{ a: 1, b: 'x' }]);
      // A session reset drops every prepared statement: the next run fails once, then prepares again.
      await database.db.execute(sql`deallocate all`);
      await expect(read()).rejects.toMatchObject({ cause: expect.objectContaining({ code: '26000' }) });
      expect(await read()).toEqual([{ a: 1, b: 'x' }]);
    });

    it(`names at most ${MAX_NAMED} texts per connection; the others run unnamed`, async () => {
      await database.db.execute(sql`deallocate all`);
      const before = (await prepared()).length;
      for (let i = 0; i < MAX_NAMED + 10; i++)
        expect(await rows(sql.raw(`select ${i} as i where ${i} = `).append(sql`${i}`))).toEqual([{ i }]);
      const after = await prepared();
      expect(after.length - before).toBeLessThanOrEqual(MAX_NAMED);
      expect(after.some((p) => p.statement === 'select 0 as i where 0 = $1')).toBe(true);
      expect(
        after.some((p) => p.statement === `select ${MAX_NAMED + 9} as i where ${MAX_NAMED + 9} = $1`),
      ).toBe(false);
    });
  },
);
