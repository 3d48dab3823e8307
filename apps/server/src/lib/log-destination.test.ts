import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedLogDestination, LOG_FLUSH_MS } from './log-destination.ts';

describe('the production log destination', () => {
  it('gathers lines, writes them within a second, and writes the rest when stopped', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'giothong-log-')), 'out.log');
    const log = bufferedLogDestination(openSync(file, 'w'));
    await new Promise((r) => log.destination.once('ready', r));
    const lines = () => readFileSync(file, 'utf8').split('\n').filter(Boolean);
    log.destination.write('{"msg":"request","n":1}\n');
    log.destination.write('{"msg":"request","n":2}\n');
    // Not one write per line: nothing is on disk yet.
    expect(lines()).toEqual([]);
    await expect.poll(lines, { timeout: LOG_FLUSH_MS * 3, interval: 50 }).toHaveLength(2);
    log.destination.write('{"msg":"shutting down"}\n');
    log.stop();
    expect(lines()).toEqual([
      '{"msg":"request","n":1}',
      '{"msg":"request","n":2}',
      '{"msg":"shutting down"}',
    ]);
  });
});
