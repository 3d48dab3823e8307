import {
  screeningWithFindings,
  vnDayOf,
  type TAdminAppointment,
  type TAdminAppointmentStatus,
} from '@giot-hong/contract';
import type { CampaignAdminRepository } from './campaign.admin.repository.ts';

/**
 * One row of a campaign's day list as the desk and the exports show it. The database keeps a
 * checked-in booking as BOOKING with a check-in time and older donations as COMPLETED; the list
 * speaks of CHECKED_IN and DONE.
 */
export type DayRow = Awaited<ReturnType<CampaignAdminRepository['appointments']>>[number];

function dayStatus(r: { status: string; checkedInAt: Date | null }): TAdminAppointmentStatus {
  if (r.status === 'BOOKING') return r.checkedInAt ? 'CHECKED_IN' : 'BOOKING';
  if (r.status === 'COMPLETED') return 'DONE';
  return r.status as TAdminAppointmentStatus;
}

export function toAdminAppointment(r: DayRow): TAdminAppointment {
  const year = r.dob ? Number(/(\d{4})/.exec(r.dob)?.[1]) : NaN;
  return {
    id: r.id,
    campaignId: r.campaignId,
    fullName: r.fullName ?? r.username,
    phone: r.mobile,
    birthYear: Number.isFinite(year) ? year : null,
    bloodGroup: r.bloodGroup,
    status: dayStatus(r),
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    hasYesAnswer: Boolean(r.hasYesAnswer),
    donationType: r.donationType,
    volumeMl: r.volumeMl,
    deferralReason: r.deferralReason,
    deferralText: r.deferralText,
    deferredUntil: r.deferredUntil ? vnDayOf(r.deferredUntil) : null,
    outcomeAt: r.outcomeAt?.toISOString() ?? null,
    slotStart: r.slotStart?.toISOString() ?? null,
    screening: screeningWithFindings(r.screening, r),
    unitNumber: r.unitNumber,
    emergency: r.emergency,
    certificateSerial: r.certificateSerial,
    gender: r.gender,
  };
}
