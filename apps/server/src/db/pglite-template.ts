/**
 * The empty embedded database shipped with the portal (ADR 42). Creating a PGlite cluster runs
 * PostgreSQL's `initdb` in a second instance of PostgreSQL: about 40 s on a busy machine and a
 * process peaking near 800 MB. Every cluster a given PGlite makes is the same, so one made
 * beforehand (`npm run db:template`, scripts/make-pglite-template.mjs) is kept in the repository,
 * beside the PGlite version that made it, and a new data directory is unpacked from it: a few
 * files written, no PostgreSQL started. A template made by another PGlite version is never used;
 * the database is then created as before (client.ts).
 */
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The folder of the shipped template (copied beside the bundle as it is: scripts/build-server.mjs). */
export const PGLITE_TEMPLATE_DIR = path.resolve(import.meta.dirname, 'pglite-cluster');
export const TEMPLATE_ARCHIVE = 'cluster.tar.gz';
export const TEMPLATE_META = 'cluster.json';

export type TemplateMeta = {
  /** The version of @electric-sql/pglite that created the cluster. */
  pglite: string;
  /** The cluster's `pg_control_system().system_identifier`, which every copy keeps. */
  systemIdentifier: string;
};

/** The version of the installed @electric-sql/pglite. */
export function installedPgliteVersion(): string {
  // The package exports no package.json: it is found from its entry (dist/index.cjs).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function readTemplateMeta(dir: string): TemplateMeta | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, TEMPLATE_META), 'utf8')) as TemplateMeta;
  } catch {
    return undefined;
  }
}

/** Whether `dir` holds a template the installed PGlite can open: present and made by the same version. */
export function usableTemplate(dir: string): boolean {
  return (
    readTemplateMeta(dir)?.pglite === installedPgliteVersion() && existsSync(path.join(dir, TEMPLATE_ARCHIVE))
  );
}

/** A field of a tar header: NUL-terminated text. */
const field = (header: Buffer, offset: number, length: number) => {
  const end = header.indexOf(0, offset);
  return header.toString('utf8', offset, end === -1 || end > offset + length ? offset + length : end);
};

/**
 * Unpacks the template into `dataDir`, which must not exist yet. The files are written into a
 * folder beside it, then renamed: a start interrupted halfway leaves no half-made database behind
 * (the next start unpacks again). PGlite dumps a plain ustar archive of files and folders.
 */
export function unpackTemplate(dir: string, dataDir: string): void {
  const tar = gunzipSync(readFileSync(path.join(dir, TEMPLATE_ARCHIVE)));
  const partial = `${dataDir}.new-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    for (let at = 0; at + 512 <= tar.length;) {
      const header = tar.subarray(at, at + 512);
      if (header.every((b) => b === 0)) break; // the end of the archive
      const prefix = field(header, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
      const size = parseInt(field(header, 124, 12).trim() || '0', 8);
      const mode = parseInt(field(header, 100, 8).trim() || '0', 8) & 0o777;
      const type = String.fromCharCode(header[156] ?? 0);
      const target = path.resolve(partial, `.${path.posix.normalize(`/${name}`)}`);
      if (target !== partial && !target.startsWith(partial + path.sep))
        throw new Error(`the database template names a file outside its folder: ${name}`);
      if (type === '5') mkdirSync(target, { recursive: true, mode: mode || 0o700 });
      else if (type === '0' || type === '\0') {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        writeFileSync(target, tar.subarray(at + 512, at + 512 + size), { mode: mode || 0o600 });
      } else throw new Error(`the database template holds an entry of an unexpected kind (${type}): ${name}`);
      at += 512 + Math.ceil(size / 512) * 512;
    }
    if (!existsSync(path.join(partial, 'PG_VERSION')))
      throw new Error('the database template holds no cluster');
    // An empty folder left where the database goes (created by hand, or by an older start) is replaced.
    if (existsSync(dataDir) && readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true });
    renameSync(partial, dataDir);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}
