// Starts the portal: configuration, database (migrated), demo data, HTTP server, graceful shutdown.
import { loadConfig, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { systemClock } from './lib/clock.ts';
import { bufferedLogDestination } from './lib/log-destination.ts';

/** How long a stopping server keeps reading requests (answering 503) before it closes connections. */
const SHUTDOWN_DRAIN_MS = 1_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`\n✖ ${(err as Error).message}\n`);
    process.exit(1);
  }
  // The database opens (PGlite compiles its WebAssembly on V8's own threads, PostgreSQL connects)
  // while the application's modules load: both at once rather than one after the other (ADR 42).
  const opening = openConfiguredDatabase(config);
  const modules = Promise.all([import('./app.ts'), import('./seed/seed.ts')]);
  modules.catch(() => {}); // awaited below: a failure ends the start there
  let database;
  try {
    database = await opening;
  } catch (err) {
    console.error(`\n✖ ${(err as Error).message}\n`);
    process.exit(1);
  }
  const [{ buildApp }, seed] = await modules;
  // The migrations and the demo data's checks run while the application is built (its routes
  // registered). It is made ready (its tasks start) and listens only once they are done, so
  // nothing reads a table before.
  const prepared = prepareDatabase(config, database, seed);
  prepared.catch(() => {}); // awaited below: a failure ends the start there
  // In production the log is written in batches (at most a second late); elsewhere line by line.
  const log = config.env === 'production' ? bufferedLogDestination() : undefined;
  const app = await buildApp({ config, database, logStream: log?.destination });
  const demoAccounts = await prepared;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      // Requests already on their way (sent, not yet read while the process was busy) are read
      // and answered with the 503 envelope rather than cut off when the connections close.
      app.stopAccepting();
      await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
      await app.close(); // stops listening, finishes in-flight requests, runs onClose hooks
      await database.close();
      clearTimeout(force);
      log?.stop();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  try {
    await app.listenMetrics();
  } catch (err) {
    console.error(`\n✖ METRICS_PORT ${config.metrics.port}: ${(err as Error).message}\n`);
    await app.close();
    await database.close();
    process.exit(1);
  }
  console.log(`\nGiọt Hồng đang chạy tại ${config.publicUrl}  (cơ sở dữ liệu: ${database.kind})\n`);
  if (demoAccounts) console.log(`${demoAccounts}\n`);
}

/**
 * Migrates the database and, when configured, seeds the demo accounts and data. Returns the demo
 * accounts' description for the console (names only: a password never goes to the log; README.md
 * lists the development ones).
 */
async function prepareDatabase(
  config: Config,
  database: Database,
  seed: typeof import('./seed/seed.ts'),
): Promise<string | undefined> {
  await database.migrate();
  if (!config.seedDemoData) return undefined;
  const passwords = config.env === 'production' ? seed.randomDemoPasswords() : seed.DEMO_PASSWORDS;
  await seed.seedDemoAccounts(database.db, systemClock, passwords);
  const demoAccounts = seed.describeDemoAccounts(config.env === 'production');
  const seeded = await seed.seedDemoData(database.db, systemClock);
  // The development authenticator secret of the demo staff: never in production, where they enrol.
  if (config.env !== 'production')
    await seed.seedDemoSecondFactors(database.db, systemClock, config.secrets.dataEncryption);
  if (seeded) console.log('Đã tạo dữ liệu mẫu (chiến dịch, tin tức, phiếu câu hỏi).');
  return demoAccounts;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
