import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of its own for a test that stops and starts it: Debian's binaries, a
 * temporary data directory and a free port, never the machine's shared server. initdb refuses to
 * run as root, so the server runs as `nobody` when the test runs as root.
 */
export type PrivatePostgres = { url: string; start(): void; stop(): void; destroy(): void };

/** The directory of Debian's PostgreSQL binaries (the newest installed), if any. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, cmd),
      asRoot ? ['-u', 'nobody', '--', path.join(bin, cmd), ...args] : args,
      {
        stdio: 'pipe',
        cwd: dir,
      },
    );
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const pgCtl = (action: 'start' | 'stop') =>
    run(
      'pg_ctl',
      action === 'start'
        ? [
            'start',
            '-w',
            '-D',
            data,
            '-l',
            path.join(dir, 'log'),
            '-o',
            `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
          ]
        : ['stop', '-w', '-D', data, '-m', 'immediate'],
    );
  pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl('start'),
    stop: () => pgCtl('stop'),
    destroy() {
      try {
        pgCtl('stop');
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
