import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock } from './lock.ts';

describe('PGlite directory lock', () => {
  it('refuses a directory held by another live process, with a clear message', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'giothong-lock-')), 'db');
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(`${dir}.lock`, String(other.pid));
      expect(() => acquireDirectoryLock(dir)).toThrow(/đang được tiến trình \d+ sử dụng/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'giothong-lock-')), 'db');
    writeFileSync(`${dir}.lock`, '999999999');
    const lock = acquireDirectoryLock(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
