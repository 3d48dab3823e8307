import { z } from 'zod';
import { checkDayRange, DATE_LIMITS, DATE_MESSAGES, zDay } from './dates.ts';
import { ZEnvelope } from './envelope.ts';

/*
 * The console's dashboard (staff console III): figures over a period of days in Vietnam time,
 * each computed by one aggregate query on the server; the console draws them and offers each as a
 * table and as CSV.
 */

export const DASHBOARD_API = { dashboard: '/api/admin/dashboard' } as const;

/** The longest period one request may ask for (days, both ends included). */
export const DASHBOARD_MAX_DAYS = DATE_LIMITS.maxRangeDays;
/** The period the dashboard opens on: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

export const DASHBOARD_MESSAGES = {
  dayInvalid: 'Ngày không hợp lệ (định dạng yyyy-mm-dd)',
  toBeforeFrom: DATE_MESSAGES.toBeforeFrom,
  periodTooLong: DATE_MESSAGES.rangeTooLong(DASHBOARD_MAX_DAYS),
  /** Blood group of a profile that has none recorded. */
  unknownBloodGroup: 'Chưa rõ',
} as const;
const M = DASHBOARD_MESSAGES;

const ZDay = zDay({ message: M.dayInvalid });

/** `from` and `to` are days in Vietnam (yyyy-mm-dd), both included, at most DASHBOARD_MAX_DAYS apart. */
export const ZDashboardQuery = z
  .object({ from: ZDay, to: ZDay })
  .superRefine((v, ctx) => checkDayRange(v, ctx, DASHBOARD_MAX_DAYS));
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

const n = z.number().int();

export const ZDashboard = z.object({
  from: z.string(),
  to: z.string(),
  /** Appointments created on each day of the period (every day listed, zero included). */
  registrationsPerDay: z.array(z.object({ day: z.string(), registrations: n })),
  /**
   * Of the campaigns held in the period: distinct donors registered (not cancelled) and distinct
   * donors who gave blood, per blood group (null = not recorded).
   */
  bloodGroups: z.array(z.object({ bloodGroup: z.string().nullable(), registrants: n, donors: n })),
  /** Campaigns held in the period (not cancelled): donations recorded against the target. */
  unitsPerCampaign: z.array(
    z.object({ campaignId: n, name: z.string(), day: z.string(), target: n, collected: n }),
  ),
  /** Outcomes recorded for the campaigns held in the period. */
  outcomes: z.object({ recorded: n, done: n, deferred: n, noShow: n }),
  /** Donors whose identity was verified, per week (Monday, Vietnam) of the period. */
  newVerifiedDonorsPerWeek: z.array(z.object({ week: z.string(), donors: n })),
});
export type TDashboard = z.infer<typeof ZDashboard>;
export const ZDashboardResponse = ZEnvelope(ZDashboard);

/** A rate in percent with one decimal, '0' when there is nothing to divide. */
export const ratePercent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
