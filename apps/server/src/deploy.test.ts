import { API, CERTIFICATE_API } from '@giot-hong/contract';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import { seedDemoData } from './seed/seed.ts';
import { auditBookings, resendable, runBookingClients, seedBookingLoad } from '../test/booking-load.ts';
import { createPostgresDatabase, DB_KINDS } from '../test/helper.ts';
import { freePort } from '../test/server-process.ts';
import { runDeployScript } from '../test/shell.ts';

/** Whether a process is running (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type Answer = { status: number; body: string };

/**
 * A GET from a given local address (127.0.0.2, 127.0.0.3 …: every 127/8 address is this machine).
 * Sent again once, as a browser does, when its kept-alive connection was closed before any answer
 * (nginx closes its idle connections when it reloads).
 */
function getFrom(
  url: string,
  opts: { agent?: http.Agent; localAddress?: string; headers?: Record<string, string> } = {},
  resent = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.get(
      url,
      { agent: opts.agent, localAddress: opts.localAddress, headers: opts.headers },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!resent && resendable(req, answered, err)) resolve(getFrom(url, opts, true));
      else reject(err);
    });
  });
}

// PostgreSQL only: the example runs two processes on one database, which PGlite cannot.
describe.skipIf(!DB_KINDS.includes('postgres'))('the deployment example (deploy/)', () => {
  const runDir = mkdtempSync(path.join(tmpdir(), 'giothong-deploy-'));
  let env: Record<string, string> | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    if (env) await runDeployScript('stop.sh', env);
    await drop?.();
    rmSync(runDir, { recursive: true, force: true });
  });

  it(
    'serves through nginx, restarts one process at a time under load without a failed request, and sees clients through TRUST_PROXY',
    { timeout: 300_000 },
    async () => {
      const created = await createPostgresDatabase();
      drop = created.drop;
      const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
      env = {
        DATABASE_URL: created.url,
        GIOT_HONG_RUN_DIR: runDir,
        PROXY_PORT: String(proxyPort),
        PORTAL_PORTS: `${portA} ${portB}`,
      };
      const started = await runDeployScript('start.sh', env);
      expect(started).toEqual({
        code: 0,
        output: expect.stringContaining(`Giọt Hồng is served at http://127.0.0.1:${proxyPort}`),
      });
      const base = `http://127.0.0.1:${proxyPort}`;

      // Production mode with generated secrets: the environment file is the owner's alone.
      const portalEnv = readFileSync(path.join(runDir, 'portal.env'), 'utf8');
      expect(portalEnv).toMatch(/^NODE_ENV=production$/m);
      expect(portalEnv).toMatch(/^TRUST_PROXY=true$/m);
      const accessSecret = /^ACCESS_TOKEN_SECRET=([0-9a-f]{64})$/m.exec(portalEnv)?.[1];
      expect(accessSecret).toBeDefined();

      // Campaigns, the questionnaire and verified donors with sessions, straight into the database.
      const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
      let load;
      try {
        await seedDemoData(database.db, systemClock);
        load = await seedBookingLoad(database.db, {
          donors: 2_000,
          campaigns: 4,
          accessSecret: accessSecret!,
          prefix: 'deploy',
        });
      } finally {
        await database.close();
      }

      // Load through the proxy while the processes restart one after the other: readers of the
      // campaign list (keep-alive connections to nginx) and bookers (POST /answer, each a new donor).
      const pidOf = (port: number) => Number(readFileSync(path.join(runDir, `portal-${port}.pid`), 'utf8'));
      const before = [portA, portB].map(pidOf);
      const failures: string[] = [];
      let reads = 0;
      /** Readers of the campaign list until `done` resolves. */
      const readWhile = async (done: Promise<unknown>) => {
        let running = true;
        void done.finally(() => (running = false));
        const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
        const reader = async () => {
          while (running) {
            try {
              const res = await getFrom(`${base}${API.campaigns}`, { agent });
              if (res.status === 200) reads++;
              else failures.push(`GET ${API.campaigns}: ${res.status} ${res.body.slice(0, 200)}`);
            } catch (err) {
              failures.push(`GET ${API.campaigns}: ${(err as Error).message}`);
            }
          }
        };
        await Promise.all([reader(), reader()]);
        agent.destroy();
      };
      const restarting = runDeployScript('rolling-restart.sh', env);
      let restarted = false;
      void restarting.finally(() => (restarted = true));
      const [restart, outcome] = await Promise.all([
        restarting,
        runBookingClients(base, load, { clients: 4, stop: () => restarted, resendOnClosedConnection: true }),
        readWhile(restarting),
      ]);

      expect(restart).toEqual({
        code: 0,
        output: expect.stringMatching(
          new RegExp(
            `the portal on port ${portA} is ready\\n[^]*the portal on port ${portB} is ready\\n` +
              '\\[deploy\\] nginx sends requests to every portal process again\\n$',
          ),
        ),
      });
      // A failure says what the run's logs say: nginx's answers other than 200 and the portals'
      // warnings and errors (a restart that lost requests under load is otherwise hard to read).
      const logLines = (file: string) =>
        existsSync(path.join(runDir, file)) ? readFileSync(path.join(runDir, file), 'utf8').split('\n') : [];
      const retried = (l: string) => / upstream_status=\S*5\d\d/.test(l) || / 5\d\d upstream=/.test(l);
      const diagnosis = () =>
        [
          ...logLines('logs/nginx-access.log').filter(retried).slice(0, 20),
          ...[portA, portB].flatMap((port) =>
            logLines(`logs/portal-${port}.log`)
              .filter((l) => /"level":(40|50|60)/.test(l))
              .slice(0, 10),
          ),
        ].join('\n');
      expect(failures, diagnosis()).toEqual([]);
      expect(outcome.unanswered, diagnosis()).toEqual([]);
      expect([...outcome.refused], diagnosis()).toEqual([]);
      expect(reads).toBeGreaterThan(0);
      expect(outcome.acknowledged.length).toBeGreaterThan(0);
      // nginx was told before each stop: no request even reached a stopping or stopped process
      // (no attempt answered 503 or refused, none sent again).
      expect(logLines('logs/nginx-access.log').filter(retried)).toEqual([]);

      // Every acknowledged booking is in the database once, with its whole questionnaire.
      const check = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
      try {
        const audit = await auditBookings(check.db, load, outcome.acknowledged);
        expect(audit.missing).toEqual([]);
        expect(audit.duplicates).toBe(0);
        expect(audit.incomplete).toBe(0);
        expect(audit.total).toBe(outcome.acknowledged.length);
      } finally {
        await check.close();
      }

      // Both processes answered requests through the proxy (nginx's log names the upstream).
      const accessLog = readFileSync(path.join(runDir, 'logs/nginx-access.log'), 'utf8');
      for (const port of [portA, portB]) {
        expect(accessLog).toMatch(
          new RegExp(`^GET ${API.campaigns} 200 upstream=127\\.0\\.0\\.1:${port} `, 'm'),
        );
        expect(accessLog).toMatch(
          new RegExp(`^POST ${API.answer} 200 upstream=127\\.0\\.0\\.1:${port} `, 'm'),
        );
      }
      // The pid files name new processes; the old ones are gone.
      const after = [portA, portB].map(pidOf);
      for (const [i, pid] of before.entries()) {
        expect(after[i]).not.toBe(pid);
        expect(alive(pid)).toBe(false);
        expect(alive(after[i]!)).toBe(true);
      }

      // TRUST_PROXY: every request reaches the portal from nginx's 127.0.0.1, yet the certificate
      // lookups' limit per address counts each client apart, by the address nginx puts in
      // X-Forwarded-For; a client's own X-Forwarded-For is replaced, so forging one gains nothing.
      const lookup = `${base}${CERTIFICATE_API.publicBySerial('GH-2026-999999')}`;
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await getFrom(lookup, {
          localAddress: '127.0.0.2',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        statuses.push(res.status);
      }
      expect(new Set(statuses)).toEqual(new Set([404]));
      const limited = await getFrom(lookup, {
        localAddress: '127.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.200' },
      });
      expect(limited.status).toBe(429);
      expect((JSON.parse(limited.body) as { message: string }).message).toMatch(
        /^Bạn đã tra cứu quá nhiều lần\. Vui lòng thử lại sau /,
      );
      const otherClient = await getFrom(lookup, { localAddress: '127.0.0.3' });
      expect(otherClient.status).toBe(404);

      // A process stopped without the script (systemctl stop, a restart by hand): the requests it
      // no longer takes (503 while it drains, then a refused connection) are sent to the other.
      const stoppedPid = pidOf(portB);
      process.kill(stoppedPid, 'SIGTERM');
      const readsBefore = reads;
      await readWhile(
        (async () => {
          while (alive(stoppedPid)) await new Promise((resolve) => setTimeout(resolve, 50));
          await new Promise((resolve) => setTimeout(resolve, 200));
        })(),
      );
      expect(failures, diagnosis()).toEqual([]);
      expect(reads).toBeGreaterThan(readsBefore);
      expect(logLines('logs/nginx-access.log').join('\n')).toMatch(
        new RegExp(
          `^GET ${API.campaigns} 200 upstream=127\\.0\\.0\\.1:${portB}, 127\\.0\\.0\\.1:${portA} upstream_status=50[23], 200 `,
          'm',
        ),
      );

      const stopped = await runDeployScript('stop.sh', env);
      expect(stopped.code).toBe(0);
      env = undefined;
      for (const port of [portA, portB])
        expect(existsSync(path.join(runDir, `portal-${port}.pid`))).toBe(false);
    },
  );
});
