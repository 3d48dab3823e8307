// `npm run task -- <name>`: runs one scheduled task once, now (say, the erasure of the accounts
// that became due after DELETION_GRACE_DAYS was shortened). It takes the task's lease in
// `scheduled_tasks` exactly as a server's scheduler does (jobs/scheduler.ts), so it never runs
// at the same time as a server's run of that task: if one holds it, this says so and exits 1.
// Exit codes: 0 ran, 1 the task failed or could not run, 2 no or an unknown task name.
import type { Database } from './db/client.ts';
import { TASK_NAMES } from './jobs/jobs.ts';

const names: string[] = Object.values(TASK_NAMES);
const name = process.argv[2];
if (!name || process.argv.length > 3 || !names.includes(name)) {
  if (name) console.error(`Không có tác vụ "${name}".`);
  console.error(
    `Cách dùng: npm run task -- <tên tác vụ>\nCác tác vụ:\n${names.map((n) => `  ${n}`).join('\n')}`,
  );
  process.exit(2);
}

// Loaded once the name is known to be one: a wrong name is answered at once.
const { loadConfig } = await import('./config.ts');
const { openConfiguredDatabase } = await import('./db/open.ts');
const { buildApp } = await import('./app.ts');

let config;
try {
  // This process only runs the one task: no scheduler of its own, no metrics port.
  config = loadConfig(undefined, { schedulerEnabled: false });
  config = { ...config, metrics: { ...config.metrics, allow: 'off' as const, port: undefined } };
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

let database: Database;
try {
  database = await openConfiguredDatabase(config);
} catch (err) {
  // On the embedded database a running server holds the data directory (db/lock.ts).
  console.error(
    `${(err as Error).message}\n` +
      (config.databaseUrl
        ? ''
        : 'Với cơ sở dữ liệu nhúng (PGlite), hãy dừng máy chủ rồi chạy lại lệnh này; máy chủ tự chạy tác vụ theo lịch của nó.'),
  );
  process.exit(1);
}

let exitCode = 1;
try {
  await database.migrate();
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const started = Date.now();
    const result = await app.scheduler.runNow(name);
    if (result.status === 'busy') {
      console.error(
        `Tác vụ ${name} đang chạy ở một tiến trình khác (máy chủ): chưa chạy lần này, hãy thử lại sau.`,
      );
    } else if (result.status === 'ran' && result.error === null) {
      console.log(`Đã chạy tác vụ ${name} (${Date.now() - started} ms).`);
      exitCode = 0;
    } else if (result.status === 'ran') {
      // The error's message stays in scheduled_tasks.last_error, as for a scheduled run.
      console.error(`Tác vụ ${name} thất bại (xem scheduled_tasks.last_error).`);
    }
  } finally {
    await app.close();
  }
} catch (err) {
  console.error((err as Error).message);
} finally {
  await database.close();
}
process.exit(exitCode);
