// Embedded database only: the codec under test is PGlite's (node-postgres has its own).
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_BYTEA_CODECS } from './client.ts';

describe('bytea on the embedded database (native hex codec)', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite(PGLITE_BYTEA_CODECS);
    await db.exec('create table blobs (id int primary key, content bytea)');
  });
  afterAll(() => db.close());

  const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const cases: [string, Buffer][] = [
    ['every byte value', every],
    ['empty', Buffer.alloc(0)],
    // A view into a larger buffer: only the view's bytes are stored.
    ['a view with an offset', Buffer.from(every.buffer, every.byteOffset + 10, 5)],
  ];

  it.each(cases)('stores and reads back %s exactly', async (_, bytes) => {
    await db.query('delete from blobs');
    await db.query('insert into blobs values (1, $1)', [bytes]);
    const stored = await db.query<{ hex: string; content: Buffer }>(
      "select encode(content, 'hex') as hex, content from blobs where id = 1",
    );
    // PostgreSQL holds the very bytes (not their text), and they come back as a Buffer.
    expect(stored.rows[0]!.hex).toBe(bytes.toString('hex'));
    expect(Buffer.isBuffer(stored.rows[0]!.content)).toBe(true);
    expect(stored.rows[0]!.content.equals(bytes)).toBe(true);
  });

  it('keeps null as null', async () => {
    await db.query('delete from blobs');
    await db.query('insert into blobs values (2, $1)', [null]);
    const row = await db.query<{ content: Buffer | null }>('select content from blobs where id = 2');
    expect(row.rows[0]!.content).toBeNull();
  });
});
