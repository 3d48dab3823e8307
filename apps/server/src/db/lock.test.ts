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

  it('leaves no exit listener behind once released (a test process opens many directories)', () => {
    const before = process.listenerCount('exit');
    for (let i = 0; i < 20; i++) {
      const lock = acquireDirectoryLock(path.join(mkdtempSync(path.join(tmpdir(), 'giothong-lock-')), 'db'));
      expect(process.listenerCount('exit')).toBe(before + 1);
      lock.release();
    }
    expect(process.listenerCount('exit')).toBe(before);
  });
});
