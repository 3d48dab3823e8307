// Makes the empty embedded database a new data directory is unpacked from
// (apps/server/src/db/pglite-cluster/, read by apps/server/src/db/pglite-template.ts, ADR 42):
// PGlite's initdb run once here, its data directory dumped and compressed, with the PGlite version
// that made it. Run it after updating @electric-sql/pglite (`npm run db:template`): until then the
// server creates each new database with initdb, and a test says the template is out of date.
import { PGlite } from '@electric-sql/pglite';
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'apps/server/src/db/pglite-cluster');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
const { version } = JSON.parse(readFileSync(manifest, 'utf8'));

console.log(`Đang tạo mẫu cơ sở dữ liệu (PGlite ${version})…`);
const db = new PGlite();
const {
  rows: [{ id }],
} = await db.query('select system_identifier::text as id from pg_control_system()');
const dump = await db.dumpDataDir('none');
await db.close();
const archive = gzipSync(Buffer.from(await dump.arrayBuffer()), { level: 9 });

mkdirSync(out, { recursive: true });
// Written aside and renamed: a server starting meanwhile never reads half a file.
writeFileSync(path.join(out, 'cluster.tar.gz.part'), archive);
renameSync(path.join(out, 'cluster.tar.gz.part'), path.join(out, 'cluster.tar.gz'));
writeFileSync(
  path.join(out, 'cluster.json'),
  JSON.stringify({ pglite: version, systemIdentifier: id }, null, 2) + '\n',
);
const peak = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
console.log(
  `${path.relative(root, out)}: ${(archive.length / 1e6).toFixed(1)} MB` +
    (peak ? ` (peak RSS of this process ${(Number(peak) / 1024).toFixed(0)} MB)` : ''),
);
