import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('starting the portal', () => {
  it('a second server on the same embedded data directory fails at once with a clear message', async () => {
    // The run's first server is the embedded one (support/global-setup.ts).
    const dataDir = inject('servers').find((s) => s.database === 'embedded')!.dataDir;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Thư mục dữ liệu .*db đang được tiến trình \d+ sử dụng/);
    expect(output).toContain('DATABASE_URL');
  });
});
