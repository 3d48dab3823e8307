import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// No database: a fresh process loads node-postgres once, as a server on PostgreSQL does at its start.
describe('loadPg', () => {
  it('loads node-postgres without Node loading its fetch implementation, and leaves no global behind', async () => {
    const driver = pathToFileURL(path.join(import.meta.dirname, 'pg-driver.ts')).href;
    const script = `
      const before = typeof navigator;
      const { loadPg } = await import(${JSON.stringify(driver)});
      const pg = await loadPg();
      const again = await loadPg();
      console.log(JSON.stringify({
        before,
        after: typeof navigator,
        undici: process.moduleLoadList.some((m) => m.includes('undici')),
        pool: typeof pg.Pool,
        same: pg === again,
      }));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: path.resolve(import.meta.dirname, '../../../..') },
    );
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    // Node 21 and later have a navigator of their own, which stays; on Node 20 none is left.
    expect(seen).toEqual({
      before: seen.before,
      after: seen.before,
      undici: false,
      pool: 'function',
      same: true,
    });
  });
});
