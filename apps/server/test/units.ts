import { ADMIN_API_KEYS_API, INTEGRATION_API, mod37_2, type TApiKeyScope } from '@giot-hong/contract';
import { asc } from 'drizzle-orm';
import { appointments, campaigns } from '../src/db/schema/index.ts';
import type { TestContext } from './helper.ts';

/** Test helpers for the blood centre's link: unit numbers, donations that carry them, keys, batches. */

type Auth = Record<string, string>;

/** An ISBT 128 donation number with its check character, unique in this process: facility A9999, year 26. */
let sequence = Math.floor(Math.random() * 900_000);
export function isbt(): string {
  const din = `A999926${String(++sequence).padStart(6, '0')}`;
  return `${din}${mod37_2(din)}`;
}

/**
 * A DONE donation of `userId` with a unit number, as the day desk records it (straight in the
 * table: the desk's own rules are tested in after-donation.routes.test.ts). Each of a donor's
 * donations takes another seeded campaign (`nth`), as a donor has one live appointment per campaign.
 */
export async function recordDonation(
  t: TestContext,
  userId: number,
  opts: { nth?: number; donatedAt?: string; unitNumber?: string } = {},
): Promise<{ appointmentId: number; unitNumber: string }> {
  const list = await t.database.db.select({ id: campaigns.id }).from(campaigns).orderBy(asc(campaigns.id));
  const unitNumber = opts.unitNumber ?? isbt();
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      userId,
      campaignId: list[opts.nth ?? 0]!.id,
      status: 'DONE',
      donationType: 'WHOLE_BLOOD',
      volumeMl: 350,
      unitNumber,
      donatedAt: new Date(opts.donatedAt ?? new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString()),
      createdAt: t.clock.now(),
    })
    .returning({ id: appointments.id });
  return { appointmentId: row!.id, unitNumber };
}

/** Creates a key through the ADMIN route; returns its id and the key (the only time it is shown). */
export async function createApiKey(
  t: TestContext,
  admin: Auth,
  scopes: TApiKeyScope[] = ['units:write'],
  extra: { name?: string; expiresOn?: string } = {},
): Promise<{ id: number; key: string; auth: Auth }> {
  const res = await t.request({
    method: 'POST',
    url: ADMIN_API_KEYS_API.keys,
    headers: admin,
    payload: { name: extra.name ?? 'Trung tâm máu', scopes, expiresOn: extra.expiresOn },
  });
  if (res.status !== 200) throw new Error(`key creation failed (${res.status}): ${res.body?.message}`);
  return {
    id: res.body.data.id,
    key: res.body.data.key,
    auth: { authorization: `Bearer ${res.body.data.key}` },
  };
}

/** Sends a batch of unit events with a key; answers the status and the body. */
export function sendEvents(t: TestContext, key: Auth, events: unknown[], remoteAddress?: string) {
  return t.request({
    method: 'POST',
    url: INTEGRATION_API.unitEvents,
    headers: key,
    payload: { events },
    remoteAddress,
  });
}

/** Event builders with the usual fields; `at` defaults to an hour before the test clock. */
export const unitEvent = {
  tested: (
    t: TestContext,
    eventId: string,
    unitNumber: string,
    bloodGroup = 'O+',
    screening: 'NEGATIVE' | 'REACTIVE' = 'NEGATIVE',
  ) => ({ eventId, unitNumber, type: 'TESTED', at: hourAgo(t), bloodGroup, screening }),
  processed: (t: TestContext, eventId: string, unitNumber: string, components = ['RED_CELLS', 'PLASMA']) => ({
    eventId,
    unitNumber,
    type: 'PROCESSED',
    at: hourAgo(t),
    components,
  }),
  issued: (t: TestContext, eventId: string, unitNumber: string, hospital = 'Bệnh viện Bạch Mai') => ({
    eventId,
    unitNumber,
    type: 'ISSUED',
    at: hourAgo(t),
    hospital,
    issuedOn: new Date(t.clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10),
  }),
  discarded: (t: TestContext, eventId: string, unitNumber: string, reason = 'EXPIRED') => ({
    eventId,
    unitNumber,
    type: 'DISCARDED',
    at: hourAgo(t),
    reason,
  }),
};
const hourAgo = (t: TestContext) => new Date(t.clock.now().getTime() - 3_600_000).toISOString();
