import { API } from '@giot-hong/contract';
import { sql } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SERVER_NODE_ARGS,
  SERVER_TOOLS,
  serverDist,
  // @ts-expect-error: scripts/build-server.mjs is plain JavaScript without declarations
} from '../../../scripts/build-server.mjs';
import { generateIdentities } from '../test/idcard/identities.ts';
import { renderCard } from '../test/idcard/render-card.ts';
import { freePort, runToolLauncher, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { openDatabase, rowsOf } from './db/client.ts';
import type { ReadSideResult } from './idcard/read-side.ts';

/**
 * The server built ahead of time (scripts/build-server.mjs), as `npm start` and production run it
 * with plain node: built by the API tests' global setup when missing or older than its sources, as
 * `npm start` does. Every process test runs the bundle; this one checks what only the bundle can
 * get wrong (the files copied beside it, the workers' entries, the launchers' Node options).
 */
const root = path.resolve(import.meta.dirname, '../../..');

describe('the server bundle', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-bundle-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on a new embedded database (unpacked from the shipped template) with demo data, answers, logs in and stops on SIGTERM', async () => {
    server = await startServerProcess({
      dataDir,
      port: await freePort(),
      startTimeoutMs: 150_000,
      pages: true,
    });
    const ready = await fetch(`${server.base}${API.ready}`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    // The demo campaigns, read through the bundled migrations and seed.
    const campaigns = (await (await fetch(`${server.base}${API.campaigns}`)).json()) as { data: unknown[] };
    expect(campaigns.data.length).toBeGreaterThan(0);
    // argon2 (a native package outside the bundle) checks the demo donor's password.
    const login = await fetch(`${server.base}${API.authLogin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nguoihienmau', password: 'HienMau@Demo26' }),
    });
    expect(login.status).toBe(200);
    // The ID-card pipeline's native and WebAssembly parts load with the first side read, not with
    // the server: none of them is mapped into the started process.
    const maps = readFileSync(`/proc/${server.child.pid}/maps`, 'utf8');
    expect(maps).not.toMatch(/sharp|libvips|tesseract|zxing/);
    // The server renderer is not loaded while the server starts (it loads in the background once
    // the server listens: ADR 63): the landing page arrives rendered.
    if (existsSync(path.join(root, 'apps/web/dist-ssr/entry-server.js'))) {
      const landing = await (await fetch(`${server.base}/`)).text();
      expect(landing).not.toContain('<div id="root"></div>');
      expect(landing).toContain('<div id="root"><');
    }
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output().slice(-3000)).toBe(0);

    // The database was unpacked from the template shipped beside the bundle (no initdb: the
    // cluster is the template's), and the migrations were applied once.
    const template = JSON.parse(
      readFileSync(path.join(serverDist as string, 'pglite-cluster/cluster.json'), 'utf8'),
    ) as { systemIdentifier: string };
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const [control] = rowsOf<{ id: string }>(
        await database.db.execute(sql`select system_identifier::text as id from pg_control_system()`),
      );
      expect(control!.id).toBe(template.systemIdentifier);
      const journal = JSON.parse(
        readFileSync(path.join(serverDist as string, 'migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const [applied] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied!.n).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });

  it("holds its application chunk in ASCII, the text V8 keeps one byte a character for the process's life", () => {
    const [app, ...others] = readdirSync(serverDist).filter((f) => /^app-\w+\.js$/.test(f));
    expect(others).toEqual([]);
    const text = readFileSync(path.join(serverDist, app!), 'latin1');
    expect(text.length).toBeGreaterThan(1_000_000);
    // One character beyond ASCII, anywhere in it, and V8 keeps all of it in two bytes a character.
    const beyond = /[\u0080-\u00ff]/.exec(text); // read as latin1: each byte is one character
    expect(beyond && text.slice(Math.max(0, beyond.index - 60), beyond.index + 20)).toBeNull();
  });

  it('is run with the same Node options by npm start, the tools, the systemd unit and the deployment scripts', () => {
    const node = ['node', ...(SERVER_NODE_ARGS as string[])].join(' ');
    const command = `${node} apps/server/dist/main.js`;
    expect(readFileSync(path.join(root, 'deploy/giot-hong@.service'), 'utf8')).toContain(
      `/usr/bin/${command}\n`,
    );
    expect(readFileSync(path.join(root, 'deploy/lib.sh'), 'utf8')).toContain(`exec ${command} `);
    expect(readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8')).toContain(
      '[...SERVER_NODE_ARGS, serverEntry]',
    );
    // The tools: every npm script of one goes through their launcher, which gives the same options;
    // the nightly backup runs its tool without npm, written out.
    expect(readFileSync(path.join(root, 'scripts/run-tool.mjs'), 'utf8')).toContain(
      '[...SERVER_NODE_ARGS, path.join(serverDist, `${tool}.js`), ...args]',
    );
    expect(readFileSync(path.join(root, 'deploy/backup.sh'), 'utf8')).toContain(
      `\n${node} apps/server/dist/backup.js backup "$file"\n`,
    );
    const scriptsOf = (file: string) =>
      (JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { scripts: Record<string, string> })
        .scripts;
    const tools = {
      seed: 'seed',
      'staff:create': 'staff-create',
      backup: 'backup backup',
      restore: 'backup restore',
      task: 'run-task',
    };
    expect(Object.keys(SERVER_TOOLS as object).sort()).toEqual([
      'backup',
      'run-task',
      'seed',
      'staff-create',
    ]);
    for (const [script, tool] of Object.entries(tools)) {
      expect(scriptsOf('package.json')[script]).toBe(`node scripts/run-tool.mjs ${tool}`);
      expect(scriptsOf('apps/server/package.json')[script]).toBe(
        `cd ../.. && node scripts/run-tool.mjs ${tool}`,
      );
    }
    // The server workspace's own start is the root's: no second way to run the server.
    expect(scriptsOf('package.json').start).toBe('node scripts/start.mjs');
    expect(scriptsOf('apps/server/package.json').start).toBe('cd ../.. && node scripts/start.mjs');
  });

  it('runs a tool built with it through the launcher npm uses: the demo data on a new embedded database, then again', async () => {
    const toolDataDir = mkdtempSync(path.join(tmpdir(), 'giothong-bundle-tool-'));
    const launch = (args: string[]) => runToolLauncher(args, { DATA_DIR: toolDataDir, DATABASE_URL: '' });
    try {
      expect(await launch(['seed'])).toEqual({ code: 0, output: 'Đã tạo dữ liệu mẫu.\n' });
      expect(await launch(['seed'])).toEqual({
        code: 0,
        output: 'Dữ liệu mẫu đã có sẵn; không thay đổi gì.\n',
      });
      // The tool's own exit code comes back through the launcher (2: no task named).
      expect((await launch(['run-task'])).code).toBe(2);
      expect((await launch(['no-such-tool'])).code).toBe(2);
    } finally {
      rmSync(toolDataDir, { recursive: true, force: true });
    }
  });

  it("reads an ID card's front in a thread started from the bundle's worker entry", async () => {
    const [person] = generateIdentities(1, 3737);
    const card = await renderCard(person!, 'clean', 1);
    const pool = new Piscina({
      filename: path.join(serverDist as string, 'idcard-worker.js'),
      maxThreads: 1,
    });
    try {
      const { result } = (await pool.run({ side: 'front', image: card.front })) as { result: ReadSideResult };
      expect(result.ok && result.extraction.fields.card_id?.value).toBe(person!.idNumber);
    } finally {
      await pool.destroy();
    }
  });
});
