import { API } from '@giot-hong/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import { seedDemoData } from './seed/seed.ts';
import { auditBookings, runBookingClients, seedBookingLoad, type Booking } from '../test/booking-load.ts';
import { createPostgresDatabase, DB_KINDS, type DbKind } from '../test/helper.ts';
import { freePort, processSecrets, startServerProcess, type ServerProcess } from '../test/server-process.ts';

const CLIENTS = 64;

/**
 * kill -9 while 64 clients are booking: after a restart on the same database every acknowledged
 * booking is there with its whole questionnaire, none twice, and the campaign counts are exact.
 */
// On both databases (test/helper.ts, DB_KINDS): a killed process and a reopened database.
describe.each(DB_KINDS)('a crash during bookings on %s', (kind: DbKind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-crash-'));
  let dropPg: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await dropPg?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged booking, none twice, counts exact', { timeout: 240_000 }, async () => {
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      dropPg = created.drop;
    }
    const open = (): Promise<Database> =>
      databaseUrl
        ? openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
        : openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    const secrets = processSecrets();
    const start = async () =>
      startServerProcess({
        dataDir,
        port: await freePort(),
        databaseUrl,
        env: { ...secrets, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', SCHEDULER_ENABLED: 'false' },
      });

    // The donors and campaigns go straight into the database before the server opens it.
    let database = await open();
    await database.migrate();
    await seedDemoData(database.db, systemClock);
    const load = await seedBookingLoad(database.db, {
      donors: kind === 'postgres' ? 1_500 : 400,
      campaigns: 4,
      accessSecret: secrets.ACCESS_TOKEN_SECRET,
      prefix: 'crash',
    });
    await database.close();

    server = await start();
    // The kill comes once bookings are flowing, with 64 in flight.
    const victim = server;
    const killAt = kind === 'postgres' ? 300 : 60;
    let killed = false;
    const before = await runBookingClients(victim.base, load, {
      clients: CLIENTS,
      stop: () => killed,
      onAcknowledged: (n) => {
        if (n < killAt || killed) return;
        killed = true;
        victim.child.kill('SIGKILL');
      },
    });
    // Bookings refused before the kill (a rule the seeded donors miss) would leave the server
    // running for ever: say what was refused instead of waiting.
    expect(before.refused).toEqual(new Map());
    expect(killed, 'the server was killed mid-load').toBe(true);
    expect(await victim.exited).toBe('SIGKILL');
    expect(before.acknowledged.length).toBeGreaterThanOrEqual(killAt);

    // Restarted on the same database, the donors whose request got no answer book again: each
    // is either booked now, or told they already are (the booking was stored before the kill).
    server = await start();
    const retried = await runBookingClients(server.base, load, {
      clients: CLIENTS,
      donors: before.unanswered.map((u) => load.donors.find((d) => d.userId === u.userId)!),
    });
    const already = retried.refused.get(409) ?? 0;
    expect([...retried.refused.keys()].filter((s) => s !== 409)).toEqual([]);
    expect(retried.unanswered).toEqual([]);
    expect(already).toBeLessThanOrEqual(CLIENTS);
    // The retries book the same campaigns as before (campaign by donor index), so counts line up.
    const attempted = before.acknowledged.length + before.unanswered.length;

    // The public list counts what the database holds, exactly.
    const list = (await (await fetch(`${server.base}${API.campaigns}`)).json()) as {
      data: { id: number; appointmentCount: number }[];
    };
    const apiCounts = new Map(
      list.data.filter((c) => load.campaignIds.includes(c.id)).map((c) => [c.id, c.appointmentCount]),
    );
    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;

    database = await open();
    try {
      const acknowledged: Booking[] = [...before.acknowledged, ...retried.acknowledged];
      const audit = await auditBookings(database.db, load, acknowledged);
      expect(audit.missing).toEqual([]);
      expect(audit.duplicates).toBe(0);
      expect(audit.incomplete).toBe(0);
      expect(audit.total).toBe(attempted);
      expect(audit.total).toBe(acknowledged.length + already);
      expect(apiCounts).toEqual(audit.perCampaign);
    } finally {
      await database.close();
    }
  });
});
