// Bookings against the physical limit (issue 33, item 1), part of `npm run bench` through
// bench-bookings.ts. Two closed loops of the same writes, one after the other on one database:
//
// - the portal: each of 64 clients books (`POST /answer`, the full questionnaire) and cancels
//   (`POST /api/appointments/{id}/cancel`) for a donor of its own, again and again;
// - bare PostgreSQL: 64 node-postgres connections doing the writes a booking and its cancellation
//   make, one prepared statement each, as fast as they go: the appointment row (the partial unique
//   index is the duplicate guard), its answers (one statement), the slot's count, then the
//   cancellation and the count given back.
//
// The ratio of the two rates is what the portal keeps of what the database can do on this machine.
import { API } from '@giot-hong/contract';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { postJson, type BookingLoad, type LoadDonor } from '../apps/server/test/booking-load.ts';

export type CycleOutcome = {
  /** Completed booking + cancellation pairs. */
  cycles: number;
  /** Answers other than 200 (by status), or statements that did not write the row they should. */
  refused: number;
  elapsedMs: number;
  latencies: number[];
};

/** `donors[i]` books `campaignIds[i % n]` and cancels, in a loop, until `durationMs` has passed. */
export async function portalCycles(
  baseUrl: string,
  load: BookingLoad,
  donors: LoadDonor[],
  durationMs: number,
): Promise<CycleOutcome> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: donors.length });
  const answerUrl = new URL(`${baseUrl}${API.answer}`);
  const out: CycleOutcome = { cycles: 0, refused: 0, elapsedMs: 0, latencies: [] };
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    donors.map(async (donor, i) => {
      const body = JSON.stringify({
        campaignId: load.campaignIds[i % load.campaignIds.length],
        answers: load.answers,
      });
      while (performance.now() < until) {
        const t0 = performance.now();
        const booked = await postJson(agent, answerUrl, donor.token, body);
        const id = booked.body.data?.appointmentId;
        if (booked.status !== 200 || !id) {
          out.refused++;
          continue;
        }
        const cancelled = await postJson(
          agent,
          new URL(`${baseUrl}${API.appointmentCancel(id)}`),
          donor.token,
          '{}',
        );
        if (cancelled.status !== 200) {
          out.refused++;
          continue;
        }
        out.cycles++;
        out.latencies.push(performance.now() - t0);
      }
    }),
  );
  out.elapsedMs = performance.now() - started;
  agent.destroy();
  return out;
}

/**
 * The same writes straight on PostgreSQL: `donors[i]` books a slot of `campaignIds[i % n]` (one
 * slot each, made here with room for every loop) and cancels, one statement per write.
 */
export async function bareCycles(
  url: string,
  load: BookingLoad,
  donors: LoadDonor[],
  durationMs: number,
): Promise<CycleOutcome> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  const slotStart = new Date(Date.now() + 9 * 86_400_000);
  for (const campaignId of load.campaignIds)
    await setup.query(
      `insert into campaign_slots (campaign_id, start_time, capacity, booked) values ($1, $2, 1000000, 0)
       on conflict do nothing`,
      [campaignId, slotStart],
    );
  await setup.end();
  const answers = JSON.stringify(load.answers.map((a) => ({ q: a.questionId, a: a.answer === 'true' })));
  const out: CycleOutcome = { cycles: 0, refused: 0, elapsedMs: 0, latencies: [] };
  const clients = await Promise.all(
    donors.map(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    clients.map(async (c, i) => {
      const userId = donors[i]!.userId;
      const campaignId = load.campaignIds[i % load.campaignIds.length]!;
      while (performance.now() < until) {
        const t0 = performance.now();
        const booked = await c.query<{ id: number }>({
          name: 'book',
          text: `insert into appointments (user_id, campaign_id, status, check_in_code, slot_start, created_at, updated_at)
                 values ($1, $2, 'BOOKING', $3, $4, now(), now())
                 on conflict (user_id, campaign_id) where status <> 'CANCELLED' do nothing returning id`,
          values: [userId, campaignId, randomBytes(9).toString('base64url'), slotStart],
        });
        const id = booked.rows[0]?.id;
        if (!id) {
          out.refused++;
          continue;
        }
        await c.query({
          name: 'answers',
          text: `insert into answers (appointment_id, question_id, answer, detail)
                 select $1, x.q, x.a, null from jsonb_to_recordset($2::jsonb) as x(q integer, a boolean)`,
          values: [id, answers],
        });
        const took = await c.query({
          name: 'take',
          text: `update campaign_slots set booked = booked + 1
                 where campaign_id = $1 and start_time = $2 and booked < capacity`,
          values: [campaignId, slotStart],
        });
        const cancelled = await c.query({
          name: 'cancel',
          text: `update appointments set status = 'CANCELLED', cancelled_at = now(), updated_at = now()
                 where id = $1 and status = 'BOOKING'`,
          values: [id],
        });
        await c.query({
          name: 'give-back',
          text: `update campaign_slots set booked = booked - 1 where campaign_id = $1 and start_time = $2`,
          values: [campaignId, slotStart],
        });
        if (took.rowCount !== 1 || cancelled.rowCount !== 1) {
          out.refused++;
          continue;
        }
        out.cycles++;
        out.latencies.push(performance.now() - t0);
      }
    }),
  );
  out.elapsedMs = performance.now() - started;
  await Promise.all(clients.map((c) => c.end()));
  return out;
}
