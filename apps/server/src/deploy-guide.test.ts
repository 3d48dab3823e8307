import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createPostgresDatabase, DB_KINDS } from '../test/helper.ts';
import { runBash } from '../test/shell.ts';

/**
 * docs/deploy.md, run: every `bash` block says whether a test runs it. The tested ones run here
 * with bash, the server's directories moved into a temporary one and a database of this test's
 * own (the substitutions below, which the guide's "What the tests run" lists); the test then
 * checks what each block made.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const guide = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');

type Block = { marker: string; code: string };

/** The guide's bash blocks with the comment line above each (`<!-- tested: name -->` …). */
function bashBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const re = /(?:^|\n)([^\n]*)\n```bash\n([\s\S]*?)\n```/g;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) blocks.push({ marker: m[1]!, code: m[2]! });
  return blocks;
}

const blocks = bashBlocks(guide);
const tested = new Map(
  blocks.flatMap((b) => {
    const m = /^<!-- tested: ([a-z-]+) -->$/.exec(b.marker);
    return m ? [[m[1]!, b.code] as const] : [];
  }),
);

describe('docs/deploy.md', () => {
  it('marks every shell block tested or not, and says why not', () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) expect(b.marker).toMatch(/^<!-- (tested: [a-z-]+|not tested: .{10,}) -->$/);
    expect([...tested.keys()]).toEqual([
      'directories',
      'database',
      'environment',
      'units',
      'nginx',
      'admin',
      'backup',
      'migrations',
    ]);
    // The untested ones: packages, the user and clone, systemctl, the certificate, the upgrade.
    expect(
      blocks.filter((b) => b.marker.startsWith('<!-- not tested')).map((b) => b.code.split('\n')[0]),
    ).toEqual([
      'apt-get update',
      'useradd --system --home-dir /srv/giot-hong --shell /usr/sbin/nologin giothong',
      'systemctl daemon-reload',
      'certbot certonly --webroot -w /var/www/html -d giothong.example.org --deploy-hook "systemctl reload nginx"',
      'systemctl reload nginx',
      'cd /srv/giot-hong',
    ]);
  });

  it('installs the upstream list that the rolling restart writes back, which marks one process down', async () => {
    // deploy/rolling-restart.sh rewrites the installed copy of deploy/nginx/upstream.conf: with
    // every process up it must write the same file, so a restart changes nothing else.
    const lib = path.join(root, 'deploy/lib.sh');
    const env = { GIOT_HONG_RUN_DIR: mkdtempSync(path.join(tmpdir(), 'giothong-upstream-')) };
    try {
      const written = await runBash(`. ${lib}; upstream_conf`, env);
      expect(written).toEqual({
        code: 0,
        output: readFileSync(path.join(root, 'deploy/nginx/upstream.conf'), 'utf8'),
      });
      const draining = await runBash(`. ${lib}; upstream_conf 3002`, env);
      expect(draining.output.split('\n').filter((l) => l.includes('server '))).toEqual([
        '    server 127.0.0.1:3001 max_fails=1 fail_timeout=2s;',
        '    server 127.0.0.1:3002 max_fails=1 fail_timeout=2s down;',
      ]);
    } finally {
      rmSync(env.GIOT_HONG_RUN_DIR, { recursive: true, force: true });
    }
  });
});

// PostgreSQL only: the guide deploys on PostgreSQL.
describe.skipIf(!DB_KINDS.includes('postgres'))('docs/deploy.md, its tested commands', () => {
  const sandbox = mkdtempSync(path.join(tmpdir(), 'giothong-guide-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(sandbox, { recursive: true, force: true })];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  let databaseUrl = '';
  let envFile = '';

  /** A server's directories and where they are during the test. */
  const moved = (): [string, string][] => [
    ['/srv/giot-hong', root],
    ...[
      '/etc/giot-hong',
      '/etc/systemd/system',
      '/etc/nginx',
      '/etc/letsencrypt',
      '/var/lib/giot-hong',
      '/var/backups/giot-hong',
    ].map((dir): [string, string] => [dir, path.join(sandbox, dir)]),
  ];
  /** A shell command pointing the files the guide installed (units, nginx site) at the moved directories. */
  const pointInstalled = (files: string) =>
    `sed -i '${moved()
      .map(([from, to]) => `s#${from}#${to}#g`)
      .join('; ')}' ${files}`;

  /**
   * A tested block, with the directories of a server moved into the sandbox, run as the test's
   * user, on the test's database. The files it installs name the real directories: before they
   * are checked (systemd-analyze verify, nginx -t) they are pointed at the moved ones.
   */
  const block = (name: string): string => {
    const code = tested.get(name);
    if (!code) throw new Error(`no tested block "${name}" in docs/deploy.md`);
    let script = code
      .replaceAll('runuser -u giothong -- ', '')
      .replaceAll('install -d -o giothong -g giothong', 'install -d')
      .replaceAll('postgresql://giothong@localhost/giothong?host=/var/run/postgresql', databaseUrl);
    for (const [from, to] of moved()) script = script.replaceAll(from, to);
    return script
      .replace(
        /^systemd-analyze verify /m,
        `${pointInstalled(path.join(sandbox, 'etc/systemd/system/giot-hong*'))}\nsystemd-analyze verify `,
      )
      .replace(
        /^nginx -t$/m,
        `${pointInstalled(path.join(sandbox, 'etc/nginx/sites-available/giot-hong'))}\nnginx -t -c ${path.join(sandbox, 'etc/nginx/nginx.conf')}`,
      );
  };

  it('creates the directories, the database role and database', { timeout: 60_000 }, async () => {
    const dirs = await runBash(block('directories'));
    expect(dirs.code).toBe(0);
    expect(statSync(path.join(sandbox, 'var/lib/giot-hong')).mode & 0o777).toBe(0o750);
    expect(statSync(path.join(sandbox, 'var/backups/giot-hong')).mode & 0o777).toBe(0o750);

    // As written, with a name of its own on the machine's PostgreSQL (Debian's peer login as postgres).
    const name = `giothong_guide_${randomBytes(4).toString('hex')}`;
    const asPostgres = (sql: string) => runBash(`runuser -u postgres -- psql -qAt -c "${sql}"`);
    cleanups.push(async () => {
      await asPostgres(`drop database if exists ${name}`);
      await asPostgres(`drop role if exists ${name}`);
    });
    const created = await runBash(tested.get('database')!.replaceAll('giothong', name));
    expect(created).toEqual({ code: 0, output: '' });
    const owner = await asPostgres(
      `select r.rolname || ' ' || pg_encoding_to_char(d.encoding) from pg_database d join pg_roles r on r.oid = d.datdba where d.datname = '${name}'`,
    );
    expect(owner.output.trim()).toBe(`${name} UTF8`);
  });

  it('writes a production environment the server accepts, readable by root alone', async () => {
    const db = await createPostgresDatabase();
    cleanups.push(db.drop);
    databaseUrl = db.url;
    const result = await runBash(block('environment'));
    expect(result).toEqual({ code: 0, output: '' });
    envFile = path.join(sandbox, 'etc/giot-hong/env');
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    // Read as systemd's EnvironmentFile reads it (quotes around a value are dropped) …
    const vars = Object.fromEntries(
      readFileSync(envFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => {
          const i = line.indexOf('=');
          return [line.slice(0, i), line.slice(i + 1).replace(/^"(.*)"$/, '$1')];
        }),
    );
    for (const secret of [
      'ACCESS_TOKEN_SECRET',
      'REFRESH_TOKEN_SECRET',
      'DATA_ENCRYPTION_KEY',
      'CERTIFICATE_SIGNING_KEY',
    ])
      expect(vars[secret]).toMatch(/^[0-9a-f]{64}$/);
    // The Web Push pair: an uncompressed P-256 point (65 bytes) and its private scalar (32 bytes).
    expect(Buffer.from(vars.VAPID_PUBLIC_KEY!, 'base64url')).toHaveLength(65);
    expect(Buffer.from(vars.VAPID_PRIVATE_KEY!, 'base64url')).toHaveLength(32);
    expect(
      new Set([vars.ACCESS_TOKEN_SECRET, vars.REFRESH_TOKEN_SECRET, vars.DATA_ENCRYPTION_KEY]).size,
    ).toBe(3);
    // … it is a complete production configuration (loadConfig throws on anything missing).
    const config = loadConfig(vars);
    expect(config).toMatchObject({
      env: 'production',
      host: '127.0.0.1',
      trustProxy: true,
      publicUrl: 'https://giothong.example.org',
      mailFrom: 'Giọt Hồng <no-reply@giothong.example.org>',
      seedDemoData: false,
      chapterName: 'Hội Chữ thập đỏ thành phố Hà Nội',
    });
    // … and the shell reads it the same way (the blocks below source it).
    const sourced = await runBash(`set -a; . ${envFile}; set +a; echo "$MAIL_FROM|$CHAPTER_PHONE|$NODE_ENV"`);
    expect(sourced.output).toBe('Giọt Hồng <no-reply@giothong.example.org>|024 3822 5596|production\n');
  });

  it('installs units that systemd-analyze verifies', { timeout: 60_000 }, async () => {
    mkdirSync(path.join(sandbox, 'etc/systemd/system'), { recursive: true });
    const run = await runBash(block('units'));
    expect(run).toEqual({ code: 0, output: '' });
    // The unit's own paths point at /srv/giot-hong and /etc/giot-hong: a bad ExecStart fails verify.
    const bad = path.join(sandbox, 'etc/systemd/system/giot-hong-bad.service');
    writeFileSync(bad, '[Service]\nExecStart=/srv/giot-hong/nowhere.sh\n');
    const refused = await runBash(`systemd-analyze verify ${bad}`);
    expect(refused.code).not.toBe(0);
  });

  it('installs the nginx site, which nginx -t accepts', { timeout: 60_000 }, async () => {
    // The machine's /etc/nginx (Debian's package), copied; a self-signed certificate where
    // certbot would put Let's Encrypt's.
    const etcNginx = path.join(sandbox, 'etc/nginx');
    cpSync('/etc/nginx', etcNginx, { recursive: true });
    for (const f of readdirSync(path.join(etcNginx, 'sites-enabled')))
      rmSync(path.join(etcNginx, 'sites-enabled', f));
    const conf = path.join(etcNginx, 'nginx.conf');
    writeFileSync(conf, readFileSync(conf, 'utf8').replaceAll('/etc/nginx', etcNginx));
    const live = path.join(sandbox, 'etc/letsencrypt/live/giothong.example.org');
    mkdirSync(live, { recursive: true });
    const cert = await runBash(
      `openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=giothong.example.org -keyout ${live}/privkey.pem -out ${live}/fullchain.pem`,
    );
    expect(cert.code).toBe(0);
    const run = await runBash(block('nginx'));
    expect(run.output).toContain('syntax is ok');
    expect(run.output).toContain('test is successful');
    expect(run.code).toBe(0);
    const site = readFileSync(path.join(etcNginx, 'sites-available/giot-hong'), 'utf8');
    expect(site).toContain('server_name giothong.example.org;');
    expect(existsSync(path.join(etcNginx, 'sites-enabled/default'))).toBe(false);
  });

  it('creates the first ADMIN and prints the set-password link', { timeout: 120_000 }, async () => {
    const run = await runBash(block('admin'));
    expect(run.output).toContain('Đã tạo tài khoản quản trị "quantri".');
    expect(run.output).toMatch(/https:\/\/giothong\.example\.org\/\S+/);
    expect(run.code).toBe(0);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ role: string }>(
        "select role from users where username = 'quantri'",
      );
      expect(rows).toEqual([{ role: 'ADMIN' }]);
    } finally {
      await client.end();
    }
  });

  it('makes a backup by hand, as the timer does', { timeout: 120_000 }, async () => {
    const run = await runBash(block('backup'));
    expect(run.code).toBe(0);
    const backups = path.join(sandbox, 'var/backups/giot-hong');
    const files = readdirSync(backups);
    expect(files).toEqual([expect.stringMatching(/^giothong-\d{8}T\d{6}Z\.dump$/)]);
    expect(run.output.trim().endsWith(path.join(backups, files[0]!))).toBe(true);
    expect(readFileSync(path.join(backups, files[0]!)).subarray(0, 5).toString()).toBe('PGDMP');
  });

  it('lists the migrations, each once', { timeout: 60_000 }, async () => {
    const run = await runBash(block('migrations'));
    expect(run.code).toBe(0);
    const journal = JSON.parse(
      readFileSync(path.join(import.meta.dirname, 'db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    expect(run.output).toContain(`(${journal.entries.length} rows)`);
    for (const e of journal.entries) expect(run.output.split(String(e.when)).length).toBe(2);
  });
});
