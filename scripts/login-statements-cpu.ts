// The request thread's CPU for a login's two statements on a file-backed embedded database (the
// account and its attempt, then the session): `npx tsx scripts/login-statements-cpu.ts`. One
// statement after another, nothing else running in the process, so the figure depends little on
// the machine's load, unlike the login section of `npm run bench` (ADR 49).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { createAuthRepository, userByUsername } from '../apps/server/src/modules/auth/auth.repository.ts';
import { createThrottleRepository } from '../apps/server/src/modules/throttle/throttle.repository.ts';

const LOGINS = 1000;
const ROUNDS = 3;

/** CPU time (ms) of this process's main thread, from /proc (10-ms ticks). */
function threadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const work = mkdtempSync(path.join(tmpdir(), 'giothong-login-statements-'));
try {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(work, 'db') });
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({
      username: 'bench0',
      email: 'bench0@bench.test',
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const throttle = createThrottleRepository(database.db);
  const auth = createAuthRepository(database.db);
  let n = 0;
  // The statements of a successful login, with the values the login service gives them.
  const login = async () => {
    const now = new Date();
    const first = { key: 'login-account:bench0', count: 1, windowStart: now, blockedUntil: null };
    await throttle.insertUnlessBlocked('login-ip:bench', first, now, userByUsername('bench0').query);
    await auth.createSession(
      randomUUID(),
      user!.id,
      { tokenHash: `bench-${n++}`, expiresAt: new Date(now.getTime() + 30 * 86_400_000) },
      now,
      'login-account:bench0',
    );
  };
  for (let i = 0; i < 200; i++) await login(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    const before = threadCpuMs();
    for (let i = 0; i < LOGINS; i++) await login();
    console.log(
      `round ${round + 1}: ${((threadCpuMs() - before) / LOGINS).toFixed(2)} ms of the request thread per login's two statements`,
    );
  }
  await database.close();
} finally {
  rmSync(work, { recursive: true, force: true });
}
