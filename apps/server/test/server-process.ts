import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateVapidKeys } from '../src/config.ts';

const root = path.resolve(import.meta.dirname, '../../..');
/**
 * Where the bundle is, and Node's options for a process of it as its launchers give them
 * (SERVER_NODE_ARGS), from the build script. Imported by its path: it is plain JavaScript, which
 * the benchmarks' project type-checks and the server's does not, so one static import cannot
 * satisfy both.
 */
const { serverDist, serverNodeArgs: nodeArgs } = (await import(
  pathToFileURL(path.join(root, 'scripts/build-server.mjs')).href
)) as { serverDist: string; serverNodeArgs: () => string[] };

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A VAPID key pair as the production configuration takes it. */
export function vapidSecrets() {
  const vapid = generateVapidKeys();
  return { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
}

/** Secrets for a server process, known to the test (which signs access tokens with them). */
export function processSecrets() {
  const secret = () => randomBytes(36).toString('base64url');
  return {
    ...vapidSecrets(),
    ACCESS_TOKEN_SECRET: secret(),
    REFRESH_TOKEN_SECRET: secret(),
    DATA_ENCRYPTION_KEY: secret(),
    CERTIFICATE_SIGNING_KEY: secret(),
  };
}

let templateOnly: string | undefined;
/**
 * The web build a spawned server gets unless its test asks it for pages: the real page template
 * alone, without the browser's assets or the server renderer. A listening server loads that renderer
 * a second after it starts (ADR 63), a second of CPU that tests of processes, crashes and stops would
 * spend for nothing.
 */
function templateOnlyWebBuild(): string {
  if (templateOnly) return templateOnly;
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'giothong-web-')), 'dist');
  mkdirSync(dir);
  const real = path.join(root, 'apps/web/dist/index.html');
  writeFileSync(
    path.join(dir, 'index.html'),
    existsSync(real)
      ? readFileSync(real, 'utf8')
      : '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  process.once('exit', () => rmSync(path.dirname(dir), { recursive: true, force: true }));
  return (templateOnly = dir);
}

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string | null>;
};

/**
 * The real server in a child process: PGlite in `dataDir`, or PostgreSQL when `databaseUrl` is
 * given. Resolves once it listens (and, in development, has named the demo accounts). It runs the
 * server built ahead of time (apps/server/dist/main.js) with plain node and the server's Node
 * options, as `npm start` and production do: the API tests' global setup builds it when it is
 * older than its sources, so it is the code as it is, without TypeScript compiled at every spawn
 * (ADR 57).
 */
export async function startServerProcess(opts: {
  dataDir: string;
  port: number;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** How long it may take to listen (default 60 s; a fresh embedded database on a busy machine takes longer). */
  startTimeoutMs?: number;
  /** Serves the real web build, its assets and server renderer: a test that loads pages (default: the page template only). */
  pages?: boolean;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs(), path.join(serverDist, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: opts.dataDir,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl ?? '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      ...(opts.pages ? {} : { WEB_DIST: templateOnlyWebBuild() }),
      ...opts.env,
    },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed test.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, opts.startTimeoutMs ?? 60_000);
    const check = () => {
      if (
        output.includes('đang chạy tại') &&
        (opts.env?.SEED_DEMO_DATA === 'false' || output.includes('README.md'))
      ) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, base: `http://127.0.0.1:${opts.port}`, output: () => output, exited };
}

/** The command-line tools built with the server (SERVER_TOOLS in scripts/build-server.mjs). */
export type ServerTool = 'backup' | 'run-task' | 'seed' | 'staff-create';

/**
 * Runs one of the server's command-line tools to its end as its npm script does (the bundle's
 * dist/<tool>.js with plain node and the server's Node options), in development mode with the
 * given environment: its exit code and everything it printed.
 */
export const runServerScript = (tool: ServerTool, args: string[], env: Record<string, string>) =>
  runNode([...nodeArgs(), path.join(serverDist, `${tool}.js`), ...args], env);

/**
 * The same through the launcher the npm scripts run (scripts/run-tool.mjs: `<tool> [arguments…]`),
 * which builds the bundle first when it is stale.
 */
export const runToolLauncher = (args: string[], env: Record<string, string>) =>
  runNode([path.join(root, 'scripts/run-tool.mjs'), ...args], env);

async function runNode(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', SMTP_URL: '', ...env },
        timeout: 60_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}
