/**
 * One background run at a time in this process, for work started after a response (a broadcast's
 * or an appeal's sending): `kick` starts `run` unless it is running — then it runs once more when
 * done, so work queued meanwhile is not left for the periodic task — and `idle` waits for it (app
 * close, tests). A failure is handed to `onError` (log it with `logFailure`), never thrown.
 */
export function createBackgroundRun(run: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  return {
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await run().catch(onError);
        } while (again);
      })().finally(() => {
        running = undefined;
      });
    },
    async idle() {
      while (running) await running;
    },
  };
}
