import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

/** A `run` whose calls are recorded and answered when the test says so. */
function controlled() {
  const calls: { keys: readonly number[]; answer: (values: string[]) => void; fail: (e: Error) => void }[] =
    [];
  const run = (keys: readonly number[]) =>
    new Promise<string[]>((answer, fail) => {
      calls.push({ keys, answer, fail });
    });
  return { calls, run };
}

const settled = () => new Promise((r) => setImmediate(r));

describe('batched', () => {
  it('runs a call made while nothing is on its way at once, with its key alone', async () => {
    const { calls, run } = controlled();
    const get = batched(run, { max: 10 });
    const a = get(1);
    expect(calls.map((c) => c.keys)).toEqual([[1]]);
    calls[0]!.answer(['one']);
    await expect(a).resolves.toBe('one');
  });

  it('gathers the calls made while a batch is on its way into one, run after it; each gets its own answer', async () => {
    const { calls, run } = controlled();
    const get = batched(run, { max: 10 });
    const first = get(1);
    const later = [get(2), get(3), get(2)];
    await settled();
    // Nothing more runs until the first batch has its answer.
    expect(calls.map((c) => c.keys)).toEqual([[1]]);
    calls[0]!.answer(['one']);
    await expect(first).resolves.toBe('one');
    await settled();
    expect(calls.map((c) => c.keys)).toEqual([[1], [2, 3, 2]]);
    calls[1]!.answer(['two', 'three', 'two again']);
    await expect(Promise.all(later)).resolves.toEqual(['two', 'three', 'two again']);
    // Idle again: the next call runs at once.
    void get(4);
    expect(calls.at(-1)!.keys).toEqual([4]);
  });

  it('runs at most `max` keys at a time, the rest in the batches after, in the order they came', async () => {
    const { calls, run } = controlled();
    const get = batched(run, { max: 2 });
    const all = [get(1), get(2), get(3), get(4), get(5)];
    calls[0]!.answer(['a']);
    await settled();
    calls[1]!.answer(['b', 'c']);
    await settled();
    calls[2]!.answer(['d', 'e']);
    await expect(Promise.all(all)).resolves.toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(calls.map((c) => c.keys)).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('fails every call of a failed batch with its error, and goes on with the next batch', async () => {
    const { calls, run } = controlled();
    const get = batched(run, { max: 10 });
    const first = get(1);
    const second = [get(2), get(3)];
    const refused = new Error('the database refused');
    calls[0]!.fail(refused);
    await expect(first).rejects.toBe(refused);
    await settled();
    calls[1]!.fail(refused);
    await Promise.all(second.map((p) => expect(p).rejects.toBe(refused)));
    const third = get(4);
    calls[2]!.answer(['four']);
    await expect(third).resolves.toBe('four');
  });

  it('fails the calls of a batch answered with the wrong number of values', async () => {
    const { calls, run } = controlled();
    const get = batched(run, { max: 10 });
    const a = get(1);
    calls[0]!.answer(['one', 'two']);
    await expect(a).rejects.toThrow('batched: 2 answers for 1 keys');
  });
});
