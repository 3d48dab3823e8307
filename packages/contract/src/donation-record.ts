import { z } from 'zod';
import { UNIT_JOURNEY_STEPS } from './unit-journey.ts';

/**
 * One step as the donor sees it: its day and, when sent to a hospital, the hospital's name.
 * Nothing about a screening result, a discard reason, the components' patients or recipients.
 */
export const ZUnitJourneyStep = z.object({
  step: z.enum(UNIT_JOURNEY_STEPS),
  /** yyyy-mm-dd (Vietnam). */
  on: z.string(),
  hospital: z.string().nullable(),
});
export type TUnitJourneyEntry = z.infer<typeof ZUnitJourneyStep>;

/**
 * The donor's own record (GET /api/donations, 'Hồ sơ hiến máu' in the profile): every donation
 * here with its venue check and certificate, those recorded elsewhere, totals, the lab-confirmed
 * blood group and the next day the donor may give again.
 */
export const DONATION_RECORD_API = {
  mine: '/api/donations',
  honoursMine: '/api/honours/me',
} as const;

const ZScreeningShown = z.object({
  weightKg: z.number(),
  systolic: z.number().int(),
  diastolic: z.number().int(),
  pulse: z.number().int(),
  hemoglobinGL: z.number().int(),
  temperatureC: z.number().nullable(),
  /** The values outside their limit, with the words the day page showed. */
  findings: z.array(z.object({ field: z.string(), message: z.string() })),
});

export const ZDonationRecord = z.object({
  donations: z.array(
    z.object({
      appointmentId: z.number().int(),
      donatedOn: z.string(),
      campaignName: z.string(),
      place: z.string(),
      donationType: z.string().nullable(),
      volumeMl: z.number().int().nullable(),
      /** The bag's unit number, last four characters only ('…001M'). */
      unitNumberTail: z.string().nullable(),
      emergency: z.boolean(),
      screening: ZScreeningShown.nullable(),
      certificate: z
        .object({
          serial: z.string(),
          state: z.enum(['VALID', 'USED_UP', 'REVOKED']),
          remainingMl: z.number().int(),
        })
        .nullable(),
      /**
       * Where the unit went, from the blood centre's events, oldest first (COLLECTED is the DONE
       * itself). Empty without a unit number. A reactive result shows as TESTED like any other,
       * and only once staff have closed its case.
       */
      journey: z.array(ZUnitJourneyStep),
    }),
  ),
  elsewhere: z.array(
    z.object({ id: z.number().int(), donatedOn: z.string(), place: z.string(), donationType: z.string() }),
  ),
  totals: z.object({
    /** Donations here and elsewhere. */
    count: z.number().int(),
    /** The volume given here (elsewhere is recorded without one). */
    volumeMl: z.number().int(),
  }),
  labBloodGroup: z.string().nullable(),
  /** yyyy-mm-dd (Vietnam), or null when the donor may give now. */
  nextEligibleDate: z.string().nullable(),
});
export type TDonationRecord = z.infer<typeof ZDonationRecord>;

export const DONATION_RECORD_TEXTS = {
  tab: 'Hồ sơ hiến máu',
  empty: 'Bạn chưa có lần hiến máu nào được ghi nhận.',
  totals: (count: number, volumeMl: number) => `${count} lần hiến máu · ${volumeMl} ml`,
  labBloodGroup: 'Nhóm máu (xét nghiệm)',
  labBloodGroupUnknown: 'Chưa có kết quả',
  nextEligible: 'Ngày có thể hiến lại',
  nextEligibleNow: 'Bạn có thể hiến máu ngay',
  elsewhere: 'Hiến máu tại nơi khác',
  screening: 'Khám sàng lọc',
  weight: 'Cân nặng',
  bloodPressure: 'Huyết áp',
  pulse: 'Mạch',
  hemoglobin: 'Huyết sắc tố',
  temperature: 'Nhiệt độ',
  unitNumber: 'Mã túi máu',
  certificate: 'Giấy chứng nhận',
  volume: 'Thể tích',
  type: 'Loại hiến',
  place: 'Địa điểm',
} as const;
