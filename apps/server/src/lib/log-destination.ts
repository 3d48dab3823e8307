import pino from 'pino';

/** How long a log line may wait in the buffer before it is written. */
export const LOG_FLUSH_MS = 1_000;

/**
 * Where a production server writes its log: standard output through a buffer, written when 4 kB
 * have gathered or a second has passed, instead of one write system call per line (each request
 * writes a line; measured on `GET /api/campaigns`, the per-line writes were the largest cost of
 * the log). What is still buffered is written synchronously when the process exits.
 */
export function bufferedLogDestination(fd = 1) {
  const destination = pino.destination({ dest: fd, sync: false, minLength: 4096 });
  const timer = setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
  const flushNow = () => {
    try {
      destination.flushSync();
    } catch {
      // Not open yet, or already closed: nothing more can be written.
    }
  };
  process.on('exit', flushNow);
  return {
    destination,
    /** Writes what is buffered now (before a deliberate exit). */
    flushNow,
    stop() {
      clearInterval(timer);
      process.off('exit', flushNow);
      flushNow();
    },
  };
}
