import { describe, expect, it } from 'vitest';
import { CHANGE_CHANNEL, createChangeFeed, type ChangeTransport } from './change-feed.ts';

// No database: how publishes become notifications (lib/change-feed.ts, ADR 35). The delivery
// itself, over a real PostgreSQL between two apps, is change-feed.test.ts.
describe('the change feed folds publishes into notifications', () => {
  const quiet = { info() {}, warn() {}, error() {} };

  /** A transport whose notifications the test completes by hand, in order. */
  function heldTransport() {
    const sent: { payload: string; done: () => void }[] = [];
    const transport: ChangeTransport = {
      notify(channel, payload) {
        expect(channel).toBe(CHANGE_CHANNEL);
        return new Promise<void>((resolve) => sent.push({ payload, done: resolve }));
      },
      listenClient() {
        throw new Error('not listening in this test');
      },
    };
    return { transport, sent };
  }
  const settle = () => new Promise((r) => setImmediate(r));

  it('sends one notification per topic in flight, and one more after it for the publishes meanwhile', async () => {
    const { transport, sent } = heldTransport();
    const feed = createChangeFeed({ transport, log: quiet });
    let dropped = 0;
    feed.subscribe('campaigns', () => dropped++);

    feed.publish('campaigns');
    for (let i = 0; i < 63; i++) feed.publish('campaigns');
    feed.publish('stock');
    // Every publish drops this process's cache at once; two notifications leave, one per topic.
    expect(dropped).toBe(64);
    expect(sent.map((s) => s.payload.split(' ')[0])).toEqual(['campaigns', 'stock']);

    // When the first returns, the 63 publishes made meanwhile go out as one notification.
    sent[0]!.done();
    await settle();
    expect(sent.map((s) => s.payload.split(' ')[0])).toEqual(['campaigns', 'stock', 'campaigns']);
    sent[2]!.done();
    await settle();
    expect(sent).toHaveLength(3);

    // Nothing pending: the next publish is sent at once.
    feed.publish('campaigns');
    expect(sent).toHaveLength(4);
    await feed.close();
  });
});
