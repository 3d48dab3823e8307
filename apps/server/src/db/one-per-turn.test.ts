// Embedded database only: the statements under test run on this thread (PostgreSQL's run in its
// own processes, and node-postgres waits for their answers on the sockets).
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from './client.ts';

describe('the embedded database starts its statements one per turn of the event loop', () => {
  let database: Database;
  beforeAll(async () => {
    // The migrated database the test setup dumped once (test/global-setup.ts).
    const template = readFileSync(inject('pgliteTemplate'));
    database = await openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([template]) });
    await database.db.execute(sql`create table turns (n int)`);
  });
  afterAll(() => database.close());

  it('lets a timer run between statements queued together, and answers them in order', async () => {
    const finished: string[] = [];
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        finished.push('timer');
        resolve();
      }, 0),
    );
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select ${i}::int as n`));
        finished.push(`statement ${i}`);
        return rows[0]!.n;
      }),
    );
    await timer;
    expect(answers).toEqual(Array.from({ length: 60 }, (_, i) => i));
    // First come, first answered; the timer in the middle, not after the sixtieth.
    const statements = finished.filter((e) => e !== 'timer');
    expect(statements).toEqual(answers.map((i) => `statement ${i}`));
    expect(finished.indexOf('timer')).toBeGreaterThan(0);
    expect(finished.indexOf('timer')).toBeLessThan(59);
  });

  it('runs a transaction beside statements issued while it is open, without either waiting for the other', async () => {
    const outside = Array.from({ length: 10 }, (_, i) =>
      database.db.execute(sql`insert into turns (n) values (${100 + i})`),
    );
    const inside = database.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await tx.execute(sql`insert into turns (n) values (${i})`);
      return rowsOf<{ count: number }>(await tx.execute(sql`select count(*)::int as count from turns`))[0]!
        .count;
    });
    const [seen] = await Promise.all([inside, ...outside]);
    expect(seen).toBeGreaterThanOrEqual(5);
    const [{ count }] = rowsOf<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from turns`),
    ) as [{ count: number }];
    expect(count).toBe(15);
  });
});
