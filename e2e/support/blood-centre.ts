import {
  ADMIN_DAY_DESK_API,
  ADMIN_API_KEYS_API,
  INTEGRATION_API,
  screeningPath,
  type TApiKeyScope,
  type TUnitEventBatchResult,
} from '@giot-hong/contract';
import { expect } from 'vitest';
import { apiLogin, call, DEMO_ADMIN, type Session } from './accounts.ts';
import { unique } from './browser.ts';
import { createTodayCampaign, registerByApi } from './campaigns.ts';

/** A fresh local unit number (letters, digits and '-'), unique per run. */
export const freshUnitNumber = () => `GH-${unique()}`.toUpperCase();

/**
 * A donation recorded today through the staff API, as the desk does it: a campaign of today, the
 * donor's booking, check-in, a venue check inside every limit, then DONE with `unitNumber`.
 */
export async function donateToday(staff: Session, donorToken: string, unitNumber: string): Promise<number> {
  const campaignId = await createTodayCampaign(staff, 'Hiến máu trung tâm máu');
  const appointmentId = await registerByApi(donorToken, campaignId);
  const checkedIn = await call(ADMIN_DAY_DESK_API.appointmentCheckIn(appointmentId), {
    token: staff.accessToken,
    method: 'POST',
  });
  expect(checkedIn.status, checkedIn.body?.message).toBe(200);
  const screened = await call(screeningPath(appointmentId), {
    token: staff.accessToken,
    method: 'PUT',
    body: { weightKg: 60, systolic: 120, diastolic: 80, pulse: 72, hemoglobinGL: 135, temperatureC: 36.6 },
  });
  expect(screened.status, screened.body?.message).toBe(200);
  const done = await call(ADMIN_DAY_DESK_API.appointmentOutcome(appointmentId), {
    token: staff.accessToken,
    body: { result: 'DONE', donationType: 'WHOLE_BLOOD', volumeMl: 350, unitNumber },
  });
  expect(done.status, done.body?.message).toBe(200);
  return appointmentId;
}

/** An API key made by the demo ADMIN through the admin API: its id and the key (shown this once). */
export async function createApiKey(
  scopes: TApiKeyScope[] = ['units:write'],
): Promise<{ id: number; key: string; prefix: string }> {
  const admin = await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
  const res = await call(ADMIN_API_KEYS_API.keys, {
    token: admin.accessToken,
    body: { name: `Trung tâm máu ${unique()}`, scopes },
  });
  expect(res.status, res.body?.message).toBe(200);
  return { id: res.body.data.id, key: res.body.data.key, prefix: res.body.data.prefix };
}

/** Sends unit events through the blood centre's endpoint with an API key; every one must be accepted. */
export async function sendUnitEvents(key: string, events: object[]): Promise<TUnitEventBatchResult> {
  const res = await call(INTEGRATION_API.unitEvents, { token: key, body: { events } });
  expect(res.status, res.body?.message).toBe(200);
  const result = res.body.data as TUnitEventBatchResult;
  expect(result.results.filter((r) => r.outcome !== 'ACCEPTED')).toEqual([]);
  return result;
}

/** A unit event of now (after the DONE, never in the future), with a fresh event id. */
export const unitEvent = (unitNumber: string, type: string, more: object = {}) => ({
  eventId: `ev-${unique()}`,
  unitNumber,
  type,
  at: new Date().toISOString(),
  ...more,
});
