import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/auth.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { notificationRows } from '../../../test/notifications.ts';

const text = (title: string) => ({ title, content: `<p>${title}</p>`, link: null });

// On both databases (test/helper.ts, DB_KINDS): the one statement that writes many rows, and a
// batch PostgreSQL refuses.
describe.each(DB_KINDS)('notifications written together on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  it('notifications written at once take two statements; each tells whether it was new, a repeated key once', async () => {
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    const writes = [
      [a.id, 'one'],
      [b.id, 'one'],
      [a.id, 'two'],
      [a.id, 'one'],
      [b.id, 'three'],
    ] as const;
    let statements = 0;
    const stop = t.database.observeQueries(() => statements++);
    const isNew = await Promise.all(
      writes.map(([userId, key]) => t.app.notifications.notifyIdentity(userId, text(`Về ${key}`), key)),
    );
    stop();
    // The first alone, at once; the four that came while it was on its way, in one more.
    expect(statements).toBe(2);
    expect(isNew).toEqual([true, true, true, false, true]);
    expect((await notificationRows(t, a.id)).map((r) => [r.dedupeKey, r.title])).toEqual([
      ['identity:one', 'Về one'],
      ['identity:two', 'Về two'],
    ]);
    expect((await notificationRows(t, b.id)).map((r) => r.dedupeKey)).toEqual([
      'identity:one',
      'identity:three',
    ]);
  });

  it('a row the database refuses fails alone: the others written with it are kept', async () => {
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    const first = t.app.notifications.notifyIdentity(a.id, text('Trước'), 'before');
    // Written together after the first: one of them names no account (a donor erased meanwhile).
    const batch = [
      t.app.notifications.notifyIdentity(a.id, text('A'), 'batch'),
      t.app.notifications.notifyIdentity(2_000_000_000, text('Không ai'), 'batch'),
      t.app.notifications.notifyIdentity(b.id, text('B'), 'batch'),
    ];
    await expect(first).resolves.toBe(true);
    const [forA, forNobody, forB] = await Promise.allSettled(batch);
    expect(forA).toEqual({ status: 'fulfilled', value: true });
    expect(forB).toEqual({ status: 'fulfilled', value: true });
    expect(forNobody?.status).toBe('rejected');
    expect((await notificationRows(t, a.id)).map((r) => r.title)).toEqual(['Trước', 'A']);
    expect((await notificationRows(t, b.id)).map((r) => r.title)).toEqual(['B']);
  });
});
