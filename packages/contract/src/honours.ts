import { z } from 'zod';
import { checkDayRange, zDay } from './dates.ts';
import { HONOUR_TEXTS } from './honour-texts.ts';

/**
 * Honours: milestones of donations counted over those recorded here and elsewhere. The ladder
 * comes from configuration (HONOUR_MILESTONES); this is the default, the steps the Red Cross and the
 * provinces honour donors at.
 */
export const DEFAULT_HONOUR_MILESTONES = [1, 5, 10, 15, 20, 30, 40, 50, 70, 100] as const;

/** The console's 'Vinh danh' page (the ceremony list). */
export const HONOURS_PAGE_TEXTS = {
  title: 'Vinh danh',
  sub: 'Người hiến máu đạt mốc vinh danh trong khoảng thời gian, để chuẩn bị lễ tôn vinh.',
  from: 'Từ ngày',
  to: 'Đến ngày',
  listLabel: 'Danh sách vinh danh',
  exportWhat: 'danh sách vinh danh',
  /** The same words as the donor's own badges. */
  badge: (n: number) => HONOUR_TEXTS.badge(n),
  reachedOn: 'Ngày đạt mốc',
  count: 'Tổng số lần hiến',
  emergency: 'Hiến máu khẩn cấp',
  empty: 'Chưa có người hiến máu nào đạt mốc vinh danh trong khoảng thời gian này',
  loadFailed: 'Không tải được danh sách vinh danh. Vui lòng thử lại sau.',
} as const;

/** Parses "1,5,10" (configuration) into a strictly increasing ladder of positive integers. */
export function parseMilestones(text: string): number[] {
  const steps = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (!steps.length || steps.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('HONOUR_MILESTONES: comma-separated positive whole numbers');
  for (let i = 1; i < steps.length; i++)
    if (steps[i]! <= steps[i - 1]!) throw new Error('HONOUR_MILESTONES: each step above the one before');
  return steps;
}

/**
 * Where a donor stands: the milestones reached (with the date of the donation that reached each,
 * given the donation dates in order) and the next one.
 */
export function honourProgress(milestones: readonly number[], donationDays: readonly string[]) {
  const days = [...donationDays].sort();
  const count = days.length;
  const reached = milestones
    .filter((m) => m <= count)
    .map((m) => ({ milestone: m, reachedOn: days[m - 1]! }));
  const next = milestones.find((m) => m > count) ?? null;
  return { count, reached, next, remaining: next === null ? 0 : next - count };
}

/** The milestones crossed by going from `before` to `after` donations (usually one, or none). */
export const milestonesCrossed = (milestones: readonly number[], before: number, after: number) =>
  milestones.filter((m) => m > before && m <= after);

export const ZHonoursMe = z.object({
  count: z.number().int(),
  emergencyCount: z.number().int(),
  reached: z.array(z.object({ milestone: z.number().int(), reachedOn: z.string(), label: z.string() })),
  next: z.number().int().nullable(),
  remaining: z.number().int(),
});
export type THonoursMe = z.infer<typeof ZHonoursMe>;

/** GET /api/admin/honours?from=&to= (yyyy-mm-dd, Vietnam; at most 366 days), and its .csv / .xlsx. */
export const HONOURS_ADMIN_API = {
  list: '/api/admin/honours',
  csv: '/api/admin/honours.csv',
  xlsx: '/api/admin/honours.xlsx',
} as const;

export const ZHonoursQuery = z
  .object({
    from: zDay({ message: HONOUR_TEXTS.dayInvalid }),
    to: zDay({ message: HONOUR_TEXTS.dayInvalid }),
  })
  .superRefine((v, ctx) => checkDayRange(v, ctx));

export const ZHonourRow = z.object({
  userId: z.number().int(),
  fullName: z.string().nullable(),
  username: z.string(),
  milestone: z.number().int(),
  reachedOn: z.string(),
  count: z.number().int(),
  emergencyCount: z.number().int(),
});
export type THonourRow = z.infer<typeof ZHonourRow>;
