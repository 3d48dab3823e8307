import { randomUUID } from 'node:crypto';
import { failureCodes } from './log-safe-error.ts';

/**
 * The changes that feed the per-process caches (ADR 35). A write publishes its topic after it
 * committed; every process that caches data of that topic drops it.
 */
export type ChangeTopic =
  /** A campaign's details, status, slots or registration counts (the public campaign list). */
  | 'campaigns'
  /** A question set's sections and questions (registration's question-set cache). */
  | 'question-sets'
  /** A blood stock level (the public stock board). */
  | 'stock'
  /** An appeal opened or ended (the landing page's open appeals). */
  | 'appeals';

const TOPICS: readonly ChangeTopic[] = ['campaigns', 'question-sets', 'stock', 'appeals'];

/** The one NOTIFY channel of the portal; the payload is `topic sender`. */
export const CHANGE_CHANNEL = 'giot_hong_changes';

/** The listening connection, as `pg.Client` offers it (a structural type: lib stays driver-free). */
export type ListenClient = {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  on(event: 'notification', fn: (msg: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', fn: (err?: Error) => void): unknown;
  end(): Promise<void>;
};

/** How the feed reaches other processes: only on PostgreSQL (the embedded database is one process). */
export type ChangeTransport = {
  /** Sends one notification (a statement on the pool: delivered to listeners once it ran). */
  notify(channel: string, payload: string): Promise<void>;
  /** A new connection outside the pool, for LISTEN. */
  listenClient(): ListenClient;
};

type Logger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** First wait before reconnecting the listening connection, doubled up to RECONNECT_MAX_MS. */
export const RECONNECT_FIRST_MS = 100;
export const RECONNECT_MAX_MS = 5_000;
/** The longest an app's close waits for the listening connection to end. */
export const CLOSE_WAIT_MS = 2_000;

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/**
 * Keeps the caches of several processes on one PostgreSQL in step (ADR 35).
 *
 * - `publish(topic)` invalidates this process's subscribers at once and sends
 *   `NOTIFY giot_hong_changes, '<topic> <sender>'`; a process ignores its own echo.
 * - One dedicated connection per feed LISTENs and invalidates the subscribers of each topic it
 *   hears. When it is lost it reconnects with backoff, and after every (re)connection invalidates
 *   every topic: changes made meanwhile were not heard. The first connection does the same, so a
 *   value cached before the feed listened is dropped too.
 * - Without a transport (the embedded database: one process) publishing is local only.
 */
export function createChangeFeed(opts: { transport?: ChangeTransport; log: Logger }) {
  const { transport, log } = opts;
  const sender = `${process.pid}.${randomUUID().slice(0, 8)}`;
  const subscribers = new Map<ChangeTopic, Set<() => void>>(TOPICS.map((t) => [t, new Set()]));
  let closed = false;
  let client: ListenClient | undefined;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let listening = false;
  const listeners = new Set<() => void>();

  function invalidate(topic: ChangeTopic) {
    for (const fn of subscribers.get(topic)!) fn();
  }
  const invalidateAll = () => TOPICS.forEach(invalidate);

  function onNotification(msg: { channel: string; payload?: string }) {
    if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
    const [topic, from] = msg.payload.split(' ');
    if (from === sender || !TOPICS.includes(topic as ChangeTopic)) return;
    invalidate(topic as ChangeTopic);
  }

  /** Connects, listens, and resolves when the connection ends; throws when it could not listen. */
  async function listenOnce(t: ChangeTransport): Promise<void> {
    const c = t.listenClient();
    client = c;
    const ended = new Promise<void>((resolve) => {
      c.on('end', () => resolve());
      // Reported by 'end' as well; without a listener an error event would end the process.
      c.on('error', () => {});
    });
    try {
      await c.connect();
      c.on('notification', onNotification);
      await c.query(`listen ${CHANGE_CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    listening = true;
    invalidateAll();
    for (const fn of listeners) fn();
    await ended;
    listening = false;
  }

  // One notification in flight per topic: publishes meanwhile (64 bookings at once each change
  // the campaign counts) are folded into one more, sent when it returns — after every one of
  // those writes committed, so no change goes unheard, and a booking costs no extra round trip.
  const inFlight = new Set<ChangeTopic>();
  const again = new Set<ChangeTopic>();
  function send(t: ChangeTransport, topic: ChangeTopic) {
    if (inFlight.has(topic)) {
      again.add(topic);
      return;
    }
    inFlight.add(topic);
    t.notify(CHANGE_CHANNEL, `${topic} ${sender}`)
      .catch((err: unknown) => {
        log.error({ failure: failureCodes(err), topic }, 'change feed: notification not sent');
      })
      .finally(() => {
        inFlight.delete(topic);
        if (again.delete(topic) && !closed) send(t, topic);
      });
  }

  async function run(t: ChangeTransport) {
    let delay = RECONNECT_FIRST_MS;
    let lostOnce = false;
    while (!closed) {
      try {
        await listenOnce(t);
        if (closed) return;
        delay = RECONNECT_FIRST_MS;
        lostOnce = true;
        log.warn({}, 'change feed: listening connection lost, reconnecting');
      } catch (err) {
        if (closed) return;
        // Codes only: a connection error can quote the connection string's host and user.
        if (!lostOnce) log.warn({ failure: failureCodes(err) }, 'change feed: cannot listen yet, retrying');
        lostOnce = true;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    }
  }

  return {
    /** Calls `fn` whenever `topic` changes, here or in another process; returns its removal. */
    subscribe(topic: ChangeTopic, fn: () => void): () => void {
      subscribers.get(topic)!.add(fn);
      return () => void subscribers.get(topic)!.delete(fn);
    },

    /**
     * Call after a write of `topic` committed. Invalidates here at once; the notification to the
     * other processes is sent in the background (a failure is logged, and the caches' safety
     * expiry bounds what it costs).
     */
    publish(topic: ChangeTopic): void {
      invalidate(topic);
      if (transport && !closed) send(transport, topic);
    },

    /** Starts listening (PostgreSQL); returns at once, the connection is made in the background. */
    start(): void {
      if (!transport || loop || closed) return;
      loop = run(transport);
    },

    /** Resolves once the feed listens (at once without a transport): tests wait for it. */
    listening(): Promise<void> {
      if (!transport || listening) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          listeners.delete(done);
          resolve();
        };
        listeners.add(done);
      });
    },

    /** Stops listening and closes the connection (the app's onClose). */
    async close(): Promise<void> {
      closed = true;
      wake?.();
      // A listening connection has nothing to flush: closing waits for it at most CLOSE_WAIT_MS
      // (a connection attempt in flight to a database that went away must not hold the app's close).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([client?.end().catch(() => {}), loop]),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
