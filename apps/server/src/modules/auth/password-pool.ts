/**
 * The threads that hash and verify passwords (piscina), at a lower CPU priority than the request
 * thread.
 *
 * One argon2id verification costs about 12 ms of one core, by design. Through @node-rs/argon2's
 * asynchronous calls the hashes ran on libuv's pool at the same priority as the request thread, so
 * during a login storm every other request (/healthz, a page, a booking) waited for its turn
 * behind them on two busy cores. Here each thread runs the synchronous call, one hash at a time,
 * niced below the request thread: when the request thread has work, the kernel gives it the core
 * at once; when it has none, the hashes use every core (ADR 40). Further hashes wait in piscina's
 * queue, first come first served.
 *
 * The threads start with the first hash and are not counted as work keeping the process alive
 * while idle (piscina unrefs them), so a process that hashed once still ends when its work does.
 * piscina itself is loaded then too: a process that never hashes (a warm start before its first
 * login) does not spend its start reading it (ADR 42).
 */
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';

/** The one place the worker entry is named: a bundled server ships it beside the bundle. */
const WORKER_ENTRY = new URL('./password-worker.mjs', import.meta.url).href;

/**
 * Nice value added to the hashing threads: the request thread first, the hashes right after. Five,
 * not the ID-card pool's ten: a kernel weight of 335 against the request thread's 1,024 is enough
 * for the request thread to win a core when it wakes, and on a machine shared with other work at
 * normal priority the hashes still get a third of a core's share instead of a tenth, so logins
 * slow down there rather than stop (ADR 40).
 */
export const HASHING_NICE_INCREMENT = 5;

export type PasswordPoolOptions = {
  /** Threads hashing at once: one per core by default; more only makes each hash slower. */
  threads?: number;
  niceIncrement?: number;
};

export type PasswordPoolStats = {
  threads: number;
  /** Hashes and verifications accepted and not finished (running or waiting). */
  pending: number;
};

export function createPasswordPool(options: PasswordPoolOptions = {}) {
  const threads = options.threads ?? Math.max(1, availableParallelism());
  if (!Number.isInteger(threads) || threads < 1) throw new Error('threads must be a positive integer');
  let piscina: Promise<Piscina> | undefined;
  let threadsStarted: () => number = () => 0;
  let closing: Promise<void> | undefined;
  let pending = 0;

  function start(): Promise<Piscina> {
    piscina ??= import('piscina').then(({ Piscina }) => {
      const pool = new Piscina({
        filename: WORKER_ENTRY,
        minThreads: threads,
        maxThreads: threads,
        // A hash is synchronous in its thread, so a thread runs one at a time; a second waits in
        // the thread's own queue and starts the moment the first ends. With one only, a thread
        // that finished waited for the request thread to hand it the next hash, idle whenever the
        // request thread was running a statement or answering a request (ADR 45).
        concurrentTasksPerWorker: 2,
        // First come, first hashed: a login that found no free thread does not go to the back.
        stricterFIFO: true,
        // On Linux, through piscina's optional @napi-rs/nice; elsewhere ignored.
        niceIncrement: options.niceIncrement ?? HASHING_NICE_INCREMENT,
        // Threads are kept (a thread takes tens of milliseconds to start) and unreferenced when idle.
        idleTimeout: Number.POSITIVE_INFINITY,
      });
      threadsStarted = () => pool.threads.length;
      return pool;
    });
    return piscina;
  }

  async function runTask<T>(task: object): Promise<T> {
    if (closing) throw new Error('password pool closed');
    pending++;
    try {
      return (await (await start()).run(task)) as T;
    } finally {
      pending--;
    }
  }

  return {
    /** The PHC string of `password` hashed with `options` (argon2 parameters). */
    hash: (password: string, hashOptions: object) =>
      runTask<string>({ kind: 'hash', password, options: hashOptions }),
    /** Whether `password` matches the PHC string `hash`; rejects when `hash` cannot be read. */
    verify: (hash: string, password: string) => runTask<boolean>({ kind: 'verify', hash, password }),
    stats: (): PasswordPoolStats => ({ threads: threadsStarted(), pending }),
    /** Ends the threads; hashes asked for afterwards are refused. */
    close(): Promise<void> {
      closing ??= (async () => {
        const running = piscina;
        piscina = undefined;
        threadsStarted = () => 0;
        await (await running)?.destroy();
      })();
      return closing;
    },
  };
}
export type PasswordPool = ReturnType<typeof createPasswordPool>;
