// One Lighthouse run for the benchmarks, taken again when Lighthouse itself failed to record it.
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';

/** Runs Lighthouse on the same page again after a failure of its own, at most this many times. */
const RETRIES = 2;

/**
 * Lighthouse on `url`, after `prepare()` (the browser's state a run starts from). A run Lighthouse
 * reports as failed (`runtimeError`: NO_NAVSTART, "something went wrong with recording the trace
 * over your page load. Please run Lighthouse again.") has no figures: scored 0 with infinite
 * paints, it used to become a page's median of three. It is named on stderr and run again; a page
 * that fails every time stops the bench rather than being scored.
 */
export async function lighthouseRun(
  url: string,
  flags: Flags,
  prepare: () => Promise<void> = async () => {},
): Promise<RunnerResult> {
  for (let attempt = 0; ; attempt++) {
    await prepare();
    const result = await lighthouse(url, flags);
    const error = result?.lhr.runtimeError;
    if (result && !error) return result;
    const why = error ? `${error.code}: ${error.message}` : 'no result';
    if (attempt === RETRIES) throw new Error(`Lighthouse failed on ${url} ${RETRIES + 1} times (${why})`);
    process.stderr.write(`  ${url}: Lighthouse failed (${why}); running it again\n`);
  }
}
