import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';

/**
 * The browser tests run two files at a time (vitest.config.ts), each against a server of its own:
 * the global setup starts one portal per worker, each with its own database, mail sink and data
 * directory, so a file never sees another file's rate limits, sessions or counts at the same time.
 *
 * A file claims a free server when it starts (an atomic mkdir in the run's directory) and gives it
 * back when it ends. Which server a file gets varies from run to run: no file may depend on what
 * another file left behind, only on what it makes itself.
 */
export type E2eServer = {
  baseURL: string;
  mailDir: string;
  dataDir: string;
  /** 'embedded' (PGlite, what `npm start` runs) or 'postgres'. */
  database: 'embedded' | 'postgres';
};

const CLAIMED = Symbol.for('giot-hong.e2e-server');
type Claimed = { server: E2eServer; claim: string };

/**
 * Claims a free server for the test file about to run and gives it back after it: called once per
 * file by the project's setup file (support/claim-server.ts), before the file's own code.
 */
export function claimServerForThisFile() {
  const servers = inject('servers');
  const claims = path.join(inject('runDir'), 'claims');
  mkdirSync(claims, { recursive: true });
  for (let i = 0; i < servers.length; i++) {
    const claim = path.join(claims, String(i));
    try {
      mkdirSync(claim);
      (globalThis as Record<symbol, Claimed>)[CLAIMED] = { server: servers[i]!, claim };
      afterAll(() => rmSync(claim, { recursive: true, force: true }));
      return;
    } catch {
      /* taken by a file running now */
    }
  }
  throw new Error(`all ${servers.length} browser-test servers are taken: more workers than servers`);
}

/** The server this test file runs against. */
export function server(): E2eServer {
  const claimed = (globalThis as Record<symbol, Claimed | undefined>)[CLAIMED];
  if (!claimed) throw new Error('no server claimed: e2e/support/claim-server.ts runs before each file');
  return claimed.server;
}
