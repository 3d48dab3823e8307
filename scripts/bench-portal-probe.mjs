// Loaded into the portal by the login bench (`node --import ./scripts/bench-portal-probe.mjs`):
// what held the request thread's event loop. Each SIGUSR2 appends one JSON line to
// BENCH_PROBE_FILE with what was seen since the previous one (the event loop's delay, sampled
// every millisecond, and the garbage collector's pauses), then starts again from zero. The portal
// itself does not know about it.
import { appendFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const fresh = () => ({ count: 0, totalMs: 0, maxMs: 0, majorCount: 0, majorMs: 0 });
  let gc = fresh();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.totalMs += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
      // Mark-sweep-compact (the old generation), as opposed to the young generation's scavenges.
      if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.majorCount++;
        gc.majorMs += e.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    appendFileSync(
      file,
      JSON.stringify({
        loopDelayMs: {
          p50: ms(delay.percentile(50)),
          p99: ms(delay.percentile(99)),
          max: ms(delay.max),
        },
        gc: {
          count: gc.count,
          totalMs: Math.round(gc.totalMs),
          maxMs: Math.round(gc.maxMs * 10) / 10,
          majorCount: gc.majorCount,
          majorMs: Math.round(gc.majorMs),
        },
      }) + '\n',
    );
    delay.reset();
    gc = fresh();
  });
}
