// Debian's Chromium as the browser tests and the day page's benchmark start it.
import { existsSync } from 'node:fs';

/** Debian's full Chromium: what the day page's benchmark drives, as a phone's browser is. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What the browser tests drive: Debian's headless shell (package chromium-headless-shell, built
 * from the same Chromium), or the full Chromium where only that is installed. The shell is
 * Chromium without the browser around the page: no windows, tab strip or toolbar, and none of the
 * WebUI renderers the full browser starts for each new window. Pages render with the same engine,
 * and the browser tests used about a quarter less CPU with it (ADR 60). `CHROMIUM_PATH` sets
 * another binary for both.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Flags that keep Debian's Chromium quiet on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * What the browser tests' Chromium adds. A test page lives for seconds, and most of its functions
 * run a few times: V8's optimising compilers (Maglev, TurboFan) compiled the warm ones on the
 * renderers' threads for runs too short to pay it back, so the pages run on V8's interpreter and
 * its baseline compiler: about a tenth less CPU in the renderers over the browser files, the same
 * tests passing (ADR 81). Only for the tests: the benchmarks drive Chromium as a phone's browser
 * runs, with `CHROMIUM_ARGS` alone.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-opt,--no-maglev'];
