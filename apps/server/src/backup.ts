// `npm run backup -- <file> [--force]`: a consistent backup of the configured database (the same
// configuration the server reads: DATABASE_URL for PostgreSQL, else the embedded database in
// DATA_DIR). `npm run restore -- <file> [--force]`: restores one into an empty database. Neither
// overwrites a file or a database that holds data without --force; the embedded database is never
// touched while a server holds its directory. See README.md, "Backups", and db/backup.ts.
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { BackupError, backupDatabase, backupTargetOf, restoreDatabase } from './db/backup.ts';

const USAGE =
  'Cách dùng: npm run backup -- <tệp> [--force]    (sao lưu cơ sở dữ liệu đang cấu hình)\n' +
  '           npm run restore -- <tệp> [--force]   (khôi phục vào cơ sở dữ liệu trống)';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false } },
});
const [command, file, ...extra] = positionals;
if ((command !== 'backup' && command !== 'restore') || !file || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const target = backupTargetOf(loadConfig());
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${target.dataDir})`;
  if (command === 'backup') {
    await backupDatabase(target, file, { force: values.force });
    console.log(`Đã sao lưu ${where} vào ${file}.`);
  } else {
    await restoreDatabase(target, file, { force: values.force });
    console.log(`Đã khôi phục ${file} vào ${where}.`);
  }
} catch (err) {
  // Our own refusals say what to do; anything else is reported by its message alone.
  console.error(err instanceof BackupError ? err.message : `Lỗi: ${(err as Error).message}`);
  process.exitCode = 1;
}
