import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { acquireDirectoryLock, type DirectoryLock } from './lock.ts';

/**
 * Backups of the configured database (`npm run backup` / `npm run restore`, see backup.ts):
 * - PGlite: the data directory as PGlite dumps it (a gzipped tarball), taken under the same
 *   directory lock the server takes, so it never runs beside a server on that directory;
 * - PostgreSQL: `pg_dump -Fc` (one snapshot, consistent while servers write), restored with
 *   `pg_restore --no-owner` in one transaction.
 * Neither overwrites anything that holds data (a backup file, a non-empty database) unless asked.
 */
export type BackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
export type BackupKind = BackupTarget['kind'];

/** A refusal or failure with a message meant for the person at the command line (no secrets). */
export class BackupError extends Error {}

/** The database the server would open with this configuration (as db/open.ts). */
export function backupTargetOf(config: Config): BackupTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}

const KIND_NAMES: Record<BackupKind, string> = {
  pglite: 'PGlite (cơ sở dữ liệu nhúng, DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

/**
 * What a backup file is, from its first bytes: pg_dump's custom format starts with 'PGDMP';
 * PGlite's dump is a gzip stream (1f 8b) or, uncompressed, a tar archive ('ustar' at 257).
 */
export function backupKindOf(file: string): BackupKind | undefined {
  const head = Buffer.alloc(262);
  const fd = openSync(file, 'r');
  let n: number;
  try {
    n = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (n >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (n >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  return undefined;
}

/**
 * Runs `use` with libpq's connection string for a child process. The password never goes on the
 * command line (other users see it in `ps`): it is written to a passfile of our own (mode 600)
 * that the connection string names, and which is deleted afterwards.
 */
async function withLibpq<T>(url: string, use: (dbname: string) => Promise<T>): Promise<T> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  if (!password) return use(u.toString());
  u.password = '';
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-pgpass-'));
  const passfile = path.join(dir, 'pgpass');
  writeFileSync(passfile, `*:*:*:*:${password.replace(/[\\:]/g, (c) => `\\${c}`)}\n`, { mode: 0o600 });
  u.searchParams.set('passfile', passfile);
  try {
    return await use(u.toString());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(
          new BackupError(
            `Không tìm thấy ${cmd}: cài gói postgresql-client (cùng phiên bản chính với máy chủ PostgreSQL hoặc mới hơn).`,
          ),
        );
      // libpq's and pg_dump's messages name the host, user and database, never the password.
      reject(new BackupError(`${cmd} thất bại:\n${stderr.trim()}`));
    });
  });
}

/** Tables (and views) of a PostgreSQL database outside the system schemas. */
async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return r.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Empties a PostgreSQL database for a forced restore: every non-system schema goes, `public` comes back empty. */
async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const r = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace
        where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
    );
    await client.query('begin');
    for (const { name } of r.rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

const hasPgliteDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));
const isEmptyDirectory = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** The data directory's lock, or a refusal that says a server is running on it. */
function lockDataDir(dir: string, doing: string): DirectoryLock {
  try {
    return acquireDirectoryLock(dir);
  } catch (e) {
    throw new BackupError(
      `Không thể ${doing} khi máy chủ đang chạy trên cùng thư mục dữ liệu: dừng máy chủ rồi chạy lại lệnh.\n` +
        (e as Error).message,
    );
  }
}

/**
 * Writes a backup of `target` to `file` (written aside and renamed: never half a file under its
 * name). An existing file is only replaced with `force`.
 */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
  opts: { force?: boolean } = {},
): Promise<{ kind: BackupKind }> {
  if (existsSync(file) && !opts.force)
    throw new BackupError(`Tệp ${file} đã tồn tại: chọn tên khác, hoặc thêm --force để ghi đè.`);
  const partial = `${file}.${process.pid}.part`;
  try {
    if (target.kind === 'postgres') {
      await withLibpq(target.url, (dbname) =>
        run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`]),
      );
    } else {
      if (!hasPgliteDatabase(target.dataDir))
        throw new BackupError(
          `Không có cơ sở dữ liệu nào trong ${target.dataDir} để sao lưu (kiểm tra DATA_DIR).`,
        );
      const lock = lockDataDir(target.dataDir, 'sao lưu');
      try {
        const client = new PGlite(target.dataDir);
        try {
          await client.waitReady;
          const dump = await client.dumpDataDir('gzip');
          await writeFile(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
        } finally {
          await client.close();
        }
      } finally {
        lock.release();
      }
    }
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { kind: target.kind };
}

/**
 * Restores `file` into `target`, which must be empty (no data directory or an empty one; no
 * table in the PostgreSQL database) unless `force`: then what is there is replaced. The backup's
 * kind must be the target's.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  opts: { force?: boolean } = {},
): Promise<{ kind: BackupKind }> {
  if (!existsSync(file)) throw new BackupError(`Không tìm thấy tệp ${file}.`);
  const kind = backupKindOf(file);
  if (!kind)
    throw new BackupError(`Tệp ${file} không phải bản sao lưu của Giọt Hồng (PGlite hoặc pg_dump -Fc).`);
  if (kind !== target.kind)
    throw new BackupError(
      `Tệp ${file} là bản sao lưu ${KIND_NAMES[kind]}, nhưng cấu hình hiện tại dùng ${KIND_NAMES[target.kind]}: ` +
        `khôi phục bản sao lưu vào đúng loại cơ sở dữ liệu đã tạo ra nó.`,
    );
  const refuseNonEmpty = (where: string) =>
    new BackupError(
      `${where} đã có dữ liệu: chỉ khôi phục vào cơ sở dữ liệu trống. Thêm --force để XÓA dữ liệu hiện có và thay bằng bản sao lưu.`,
    );

  if (target.kind === 'postgres') {
    if ((await postgresTableCount(target.url)) > 0) {
      if (!opts.force) throw refuseNonEmpty('Cơ sở dữ liệu PostgreSQL (DATABASE_URL)');
      await emptyPostgres(target.url);
    }
    await withLibpq(target.url, (dbname) =>
      run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        file,
      ]),
    );
    return { kind };
  }

  const dir = target.dataDir;
  const lock = lockDataDir(dir, 'khôi phục');
  try {
    if (!isEmptyDirectory(dir) && !opts.force) throw refuseNonEmpty(`Thư mục dữ liệu ${dir}`);
    // Loaded beside the directory first: a backup PGlite cannot open leaves the old data as it was.
    const staging = `${dir}.restoring-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    try {
      const client = new PGlite(staging, { loadDataDir: new Blob([readFileSync(file)]) });
      try {
        await client.waitReady;
        await client.query('select 1');
      } finally {
        await client.close();
      }
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
  return { kind };
}
