import { z } from 'zod';
import { checkDayRange, DATE_LIMITS, DATE_MESSAGES, zDay } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import type { TExportTable } from './export-table.ts';

/*
 * The console's dashboard (staff console III): figures over a period of days in Vietnam time,
 * each computed by one aggregate query on the server; the console draws them and offers each as a
 * table and as CSV.
 */

export const DASHBOARD_API = {
  dashboard: '/api/admin/dashboard',
  /** The figures of a period as one workbook, a sheet per chart. */
  dashboardXlsx: '/api/admin/dashboard.xlsx',
} as const;

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

/**
 * The dashboard's figures as export tables, one per chart: shown under 'Xem bảng số liệu',
 * downloaded as CSV per chart and as one .xlsx workbook (a sheet per chart).
 */
export function dashboardTables(d: TDashboard) {
  const o = d.outcomes;
  const group = (g: string | null) => g ?? M.unknownBloodGroup;
  const outcomeRows: [string, number][] = [
    ['Hoàn thành', o.done],
    ['Tạm hoãn', o.deferred],
    ['Vắng mặt', o.noShow],
  ];
  return {
    registrations: {
      sheet: 'Đăng ký theo ngày',
      columns: [
        { header: 'Ngày', type: 'date', width: 12 },
        { header: 'Lượt đăng ký', type: 'number', width: 14 },
      ],
      rows: d.registrationsPerDay.map((r) => [r.day, r.registrations]),
    },
    bloodGroups: {
      sheet: 'Nhóm máu',
      columns: [
        { header: 'Nhóm máu', type: 'text' },
        { header: 'Người đăng ký', type: 'number', width: 15 },
        { header: 'Người đã hiến', type: 'number', width: 15 },
      ],
      rows: d.bloodGroups.map((g) => [group(g.bloodGroup), g.registrants, g.donors]),
    },
    units: {
      sheet: 'Đơn vị máu',
      columns: [
        { header: 'Chiến dịch', type: 'text', width: 36 },
        { header: 'Ngày', type: 'date', width: 12 },
        { header: 'Thu được', type: 'number' },
        { header: 'Mục tiêu', type: 'number' },
        { header: 'Đạt (%)', type: 'number' },
      ],
      rows: d.unitsPerCampaign.map((u) => [
        u.name,
        u.day,
        u.collected,
        u.target,
        ratePercent(u.collected, u.target),
      ]),
    },
    outcomes: {
      sheet: 'Vắng mặt, tạm hoãn',
      columns: [
        { header: 'Kết quả', type: 'text', width: 14 },
        { header: 'Số lượt', type: 'number' },
        { header: 'Tỷ lệ (%)', type: 'number' },
      ],
      rows: o.recorded === 0 ? [] : outcomeRows.map(([label, n]) => [label, n, ratePercent(n, o.recorded)]),
    },
    verified: {
      sheet: 'Xác thực mới theo tuần',
      columns: [
        { header: 'Tuần từ', type: 'date', width: 12 },
        { header: 'Người hiến mới', type: 'number', width: 15 },
      ],
      rows: d.newVerifiedDonorsPerWeek.map((w) => [w.week, w.donors]),
    },
  } satisfies Record<string, TExportTable>;
}
