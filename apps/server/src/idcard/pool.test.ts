import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../../test/idcard/identities.ts';
import { renderCard, type RenderedCard } from '../../test/idcard/render-card.ts';
import {
  createIdCardPool,
  defaultIdCardQueueMax,
  defaultIdCardWorkers,
  IdCardPoolBusyError,
  type IdCardPool,
} from './pool.ts';
import type { ReadSideResult } from './read-side.ts';

// Real worker threads running the real pipeline (tsx registered by worker.mjs, OCR in each thread).
// Each test starts a pool, so a thread with its OCR model: longer than the default 30 s on a busy machine.
describe('the ID-card reading pool', { timeout: 120_000 }, () => {
  const people = generateIdentities(3, 3232);
  let cards: RenderedCard[];
  let pool: IdCardPool | undefined;
  const events = { tasks: 0, failed: 0, rejected: 0 };
  const observer = {
    task: (_wait: number, _run: number, failed: boolean) => {
      events.tasks++;
      if (failed) events.failed++;
    },
    rejected: () => events.rejected++,
  };

  beforeAll(async () => {
    cards = await Promise.all(people.map((p, i) => renderCard(p, 'clean', i + 1)));
  });
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
    Object.assign(events, { tasks: 0, failed: 0, rejected: 0 });
  });

  const cardId = (r: ReadSideResult) => (r.ok ? r.extraction.fields.card_id?.value : r.code);

  it('is sized from the cores: one left to the request loop, four waiting sides per thread', () => {
    expect([1, 2, 4, 8].map((cores) => defaultIdCardWorkers(cores))).toEqual([1, 1, 3, 7]);
    expect(defaultIdCardQueueMax(1)).toBe(4);
    expect(defaultIdCardQueueMax(3)).toBe(12);
  });

  it('starts no thread before the first side, reads sides in the order given, and ends its threads on close', async () => {
    pool = createIdCardPool({ workers: 1, queueMax: 2, observer });
    expect(pool.stats()).toEqual({ workers: 1, queueMax: 2, pending: 0, queued: 0, threads: 0 });
    const finished: number[] = [];
    const reads = cards.map((card, i) =>
      pool!.read({ side: 'front', image: card.front }).then((r) => {
        finished.push(i);
        return r;
      }),
    );
    expect(pool.stats().pending).toBe(3);
    const results = await Promise.all(reads);
    expect(finished).toEqual([0, 1, 2]);
    expect(results.map(cardId)).toEqual(people.map((p) => p.idNumber));
    // What is stored is a JPEG (re-encoded without metadata in the thread).
    const first = results[0]!;
    expect(first.ok && [...first.stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(pool.stats()).toMatchObject({ pending: 0, queued: 0, threads: 1 });
    expect(events).toEqual({ tasks: 3, failed: 0, rejected: 0 });

    await pool.close();
    expect(pool.stats().threads).toBe(0);
    await expect(pool.read({ side: 'front', image: cards[0]!.front })).rejects.toThrow('ID-card pool closed');
  });

  it('refuses at once with IdCardPoolBusyError when every thread is busy and the queue is full', async () => {
    pool = createIdCardPool({ workers: 1, queueMax: 1, observer });
    const accepted = [pool.read({ side: 'front', image: cards[0]!.front })];
    accepted.push(pool.read({ side: 'front', image: cards[1]!.front }));
    const refused = await pool.read({ side: 'front', image: cards[2]!.front }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(IdCardPoolBusyError);
    const retryAfter = (refused as IdCardPoolBusyError).retryAfterSeconds;
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 120).toBe(true);
    expect(events.rejected).toBe(1);
    // The refusal took nothing from the sides accepted before it.
    expect((await Promise.all(accepted)).map(cardId)).toEqual([people[0]!.idNumber, people[1]!.idNumber]);
    // A place is free again: the refused side is read when sent again.
    expect(cardId(await pool.read({ side: 'front', image: cards[2]!.front }))).toBe(people[2]!.idNumber);
  });

  it('returns a refused image as its code, and reads a back against its front', async () => {
    pool = createIdCardPool({ workers: 1, queueMax: 0, observer });
    expect(await pool.read({ side: 'front', image: new Uint8Array([1, 2, 3]) })).toEqual({
      ok: false,
      code: 'UNSUPPORTED_TYPE',
    });
    const front = await pool.read({ side: 'front', image: cards[0]!.front });
    if (!front.ok || front.side !== 'front') throw new Error('front not read');
    const back = await pool.read({
      side: 'back',
      image: cards[0]!.back,
      front: front.extraction,
      now: new Date('2026-11-22T02:00:00Z'),
    });
    expect(back.ok && back.side === 'back' && back.extraction.fields.dob?.value).toBe(people[0]!.birthDate);
    expect(events).toEqual({ tasks: 3, failed: 1, rejected: 0 });
  });
});
