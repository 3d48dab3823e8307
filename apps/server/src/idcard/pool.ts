/**
 * The worker threads that read ID-card sides (piscina), with a bounded queue.
 *
 * Reading a side (decoding, QR, MRZ, OCR) costs about half a second of CPU. Run on the request's
 * thread, every upload would stall every other request for that long; here it runs in
 * `workers` threads, and at most `queueMax` sides wait for one. Past that, `read` refuses at once
 * with `IdCardPoolBusyError` (503 with Retry-After): a donor waits a few seconds and sends again,
 * rather than an upload hanging behind a queue no one can see the end of (ADR 32).
 *
 * The threads start with the first upload (a thread with its OCR worker holds about 100 MB, and
 * most processes never read a card) and end when the app closes.
 */
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import type { ReadSideResult, ReadSideTask } from './read-side.ts';

/**
 * The threads' entry. From the sources (tests, tsx), worker.mjs, which registers tsx in the thread;
 * in the server bundled ahead of time (scripts/build-server.mjs), this module is part of
 * dist/main.js and the bundled pipeline dist/idcard-worker.js lies beside it.
 */
const WORKER_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./worker.mjs', import.meta.url).href
  : new URL('./idcard-worker.js', import.meta.url).href;

/** Before any side was read: a side's time on the 2-core machine, rounded up (README, "Measured"). */
const INITIAL_RUN_SECONDS = 1;
/** Weight of the newest run time in the moving average that Retry-After is computed from. */
const RUN_TIME_WEIGHT = 0.2;
/** Nice value added to the reading threads: below the request thread, above nothing else. */
const READING_NICE_INCREMENT = 10;
/** Retry-After never asks for more than this: past it, a donor would give up rather than wait. */
const MAX_RETRY_AFTER_SECONDS = 120;

/**
 * Threads by default: one core left to the request loop (HTTP, encryption, the database), so that
 * the portal answers while cards are read; one thread at least. Each thread's OCR runs in a
 * thread of its own, but the two take turns, so a pool thread keeps about one core busy.
 */
export function defaultIdCardWorkers(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** Sides waiting by default: four per thread, a few seconds of work at the time measured per side. */
export function defaultIdCardQueueMax(workers: number): number {
  return 4 * workers;
}

/** The queue is full: nothing was started; the caller may send the same side again later. */
export class IdCardPoolBusyError extends Error {
  override readonly name = 'IdCardPoolBusyError';
  constructor(readonly retryAfterSeconds: number) {
    super('ID-card queue full');
  }
}

/** What the pool tells its observer (the metrics): durations in seconds, no content of a card. */
export interface IdCardPoolObserver {
  /** A side was read (or failed): its time waiting for a thread and its time in the thread. */
  task(waitSeconds: number, runSeconds: number, failed: boolean): void;
  /** A side was refused because the queue was full. */
  rejected(): void;
}

export interface IdCardPoolOptions {
  workers: number;
  queueMax: number;
  observer?: IdCardPoolObserver;
  /**
   * Threads shared with other pools of this process (`workers` of them): the test apps of one
   * file read with one set, whose OCR model loads once, instead of one set an app. The pool still
   * keeps its own bound and counts; its close leaves the shared threads running (their owner ends
   * them). By default the pool starts threads of its own.
   */
  threads?: IdCardThreads;
}

export interface IdCardPoolStats {
  workers: number;
  queueMax: number;
  /** Sides accepted and not finished (reading or waiting). */
  pending: number;
  /** Sides waiting for a thread. */
  queued: number;
  /** Threads running now (0 before the first upload and after close). */
  threads: number;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * The reading threads themselves: `workers` piscina threads, started by the first side and ended
 * by `close`. The bound on waiting sides is kept by the pools that read with them (`pending`,
 * which also counts the sides being read); piscina's own `maxQueue` is only a backstop.
 */
export function createIdCardThreads(workers: number, maxQueue = Number.POSITIVE_INFINITY) {
  // piscina itself loads with the first side too (most processes never read a card); `loaded` is
  // the started pool once there, for the counts asked synchronously.
  let piscina: Promise<Piscina> | undefined;
  let loaded: Piscina | undefined;
  const start = async () => {
    const { Piscina } = await import('piscina');
    return new Piscina({
      filename: WORKER_ENTRY,
      minThreads: workers,
      maxThreads: workers,
      // One side at a time per thread: a thread's OCR worker reads one image at a time anyway.
      concurrentTasksPerWorker: 1,
      // First come, first read: without it a side that found no free thread goes to the back.
      stricterFIFO: true,
      // The reading threads (and the OCR threads they start, which inherit it) yield the CPU to
      // the request thread: on Linux, through piscina's optional @napi-rs/nice; elsewhere ignored.
      niceIncrement: READING_NICE_INCREMENT,
      // Threads are kept: each one's OCR worker takes a second to load its model.
      idleTimeout: Number.POSITIVE_INFINITY,
      maxQueue,
    });
  };
  return {
    workers,
    async run(task: ReadSideTask): Promise<{ result: ReadSideResult; runMs: number }> {
      const starting = (piscina ??= start().then(
        (p) => (loaded = p),
        (err: unknown) => {
          piscina = undefined; // the next side tries again
          throw err;
        },
      ));
      return (await starting).run(task) as Promise<{ result: ReadSideResult; runMs: number }>;
    },
    /** Sides waiting for a thread. */
    queued: () => loaded?.queueSize ?? 0,
    /** Threads running now. */
    running: () => loaded?.threads.length ?? 0,
    /** Ends the threads (and with each its OCR worker); a later side starts new ones. */
    async close(): Promise<void> {
      const running = piscina;
      piscina = undefined;
      loaded = undefined;
      await (await running?.catch(() => undefined))?.destroy();
    },
  };
}
export type IdCardThreads = ReturnType<typeof createIdCardThreads>;

export function createIdCardPool(options: IdCardPoolOptions) {
  const { workers, queueMax, observer } = options;
  if (!Number.isInteger(workers) || workers < 1) throw new Error('workers must be a positive integer');
  if (!Number.isInteger(queueMax) || queueMax < 0) throw new Error('queueMax must be a non-negative integer');
  if (options.threads && options.threads.workers !== workers)
    throw new Error('shared threads must be as many as workers');
  const threads = options.threads ?? createIdCardThreads(workers, workers + queueMax);
  let closing: Promise<void> | undefined;
  let pending = 0;
  let averageRunSeconds = INITIAL_RUN_SECONDS;

  /** Seconds until the queue as it stands is worked off, from the recent time of a side. */
  function retryAfterSeconds(): number {
    const seconds = Math.ceil((averageRunSeconds * (pending + 1)) / workers);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
  }

  /** Throws IdCardPoolBusyError (and counts the refusal) when a side sent now could not wait. */
  function refuseIfFull(): void {
    if (pending >= workers + queueMax) {
      observer?.rejected();
      throw new IdCardPoolBusyError(retryAfterSeconds());
    }
  }

  return {
    /** Reads one side in a worker thread. Throws IdCardPoolBusyError at once when the queue is full. */
    async read(task: ReadSideTask): Promise<ReadSideResult> {
      if (closing) throw new Error('ID-card pool closed');
      refuseIfFull();
      pending++;
      const submitted = now();
      let runMs = 0;
      let failed = true;
      try {
        const done = await threads.run(task);
        runMs = done.runMs;
        failed = !done.result.ok;
        averageRunSeconds += RUN_TIME_WEIGHT * (runMs / 1000 - averageRunSeconds);
        return done.result;
      } finally {
        pending--;
        const totalMs = now() - submitted;
        observer?.task(Math.max(0, totalMs - runMs) / 1000, runMs / 1000, failed);
      }
    },

    /**
     * Refuses as `read` would, before anything is done for the upload: an upload asks first, so
     * that a full queue costs neither the reading of its body nor the donor's count of uploads.
     */
    refuseIfFull,

    stats(): IdCardPoolStats {
      return {
        workers,
        queueMax,
        pending,
        queued: threads.queued(),
        threads: threads.running(),
      };
    },

    /** Ends its own threads (and with each its OCR worker); sides still queued are refused. */
    close(): Promise<void> {
      closing ??= options.threads ? Promise.resolve() : threads.close();
      return closing;
    },
  };
}
export type IdCardPool = ReturnType<typeof createIdCardPool>;
