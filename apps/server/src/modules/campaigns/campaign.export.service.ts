import {
  ADMIN_APPOINTMENT_STATUS_LABELS,
  DONATION_TYPES,
  deferralReasonLabel,
  exportFileName,
  slotEnd,
  slotLabel,
  vnDayOf,
  type TAdminAppointmentStatus,
  type TExportTable,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../audit/audit.repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AdminCampaignRow, CampaignAdminRepository } from './campaign.admin.repository.ts';
import { toAdminAppointment } from './campaign.day-list.ts';

/** The day's list as an export table (CSV or .xlsx): phones as text, dates as dates. */
const DAY_COLUMNS: TExportTable['columns'] = [
  { header: 'Mã lịch hẹn', type: 'number' },
  { header: 'Họ và tên', type: 'text', width: 28 },
  { header: 'Số điện thoại', type: 'text', width: 14 },
  { header: 'Năm sinh', type: 'number' },
  { header: 'Nhóm máu', type: 'text' },
  { header: 'Trạng thái', type: 'text', width: 14 },
  { header: 'Khung giờ', type: 'text', width: 14 },
  { header: 'Giờ check-in', type: 'datetime', width: 17 },
  { header: 'Có câu trả lời "Có"', type: 'text' },
  { header: 'Loại hiến', type: 'text', width: 20 },
  { header: 'Thể tích (ml)', type: 'number' },
  { header: 'Lý do tạm hoãn', type: 'text', width: 30 },
  { header: 'Tạm hoãn đến', type: 'date', width: 13 },
  { header: 'Cân nặng (kg)', type: 'number' },
  { header: 'Huyết áp (mmHg)', type: 'text', width: 12 },
  { header: 'Huyết sắc tố (g/L)', type: 'number' },
  { header: 'Mã túi máu', type: 'text', width: 18 },
  { header: 'Hiến máu khẩn cấp', type: 'text' },
  { header: 'Giấy chứng nhận', type: 'text', width: 18 },
];

/** The day's list as a spreadsheet; the route writes the table as CSV or .xlsx (one writer each). */
export function createDayExportService(deps: {
  repo: CampaignAdminRepository;
  clock: Clock;
  campaignOrThrow: (id: number) => Promise<AdminCampaignRow>;
}) {
  const { repo, clock, campaignOrThrow } = deps;
  return {
    /**
     * The day's list for a spreadsheet (CSV or .xlsx), named by the campaign and its day. Every
     * donor in the file gets a row in their access log.
     */
    async dayExport(
      actor: Actor,
      campaignId: number,
      format: 'csv' | 'xlsx',
    ): Promise<{ table: TExportTable; fileName: string }> {
      const campaign = await campaignOrThrow(campaignId);
      const raw = await repo.appointments(campaignId);
      const rows = raw.map(toAdminAppointment);
      await audit(
        repo.auditWriter,
        actor,
        'campaign.appointments.export',
        { type: 'campaign', id: campaignId },
        clock.now(),
        { subjects: raw.flatMap((r) => r.userId ?? []), detail: { rows: rows.length, format } },
      );
      const table: TExportTable = {
        sheet: 'Danh sách',
        columns: DAY_COLUMNS,
        rows: rows.map((r) => [
          r.id,
          r.fullName,
          r.phone,
          r.birthYear,
          r.bloodGroup,
          ADMIN_APPOINTMENT_STATUS_LABELS[r.status as TAdminAppointmentStatus] ?? r.status,
          r.slotStart
            ? slotLabel(
                r.slotStart,
                slotEnd(new Date(r.slotStart), campaign.endReceiveTime, campaign.slotMinutes),
              )
            : null,
          r.checkedInAt,
          r.hasYesAnswer ? 'Có' : 'Không',
          DONATION_TYPES.find((t) => t.value === r.donationType)?.label ?? null,
          r.volumeMl,
          // The staff's own words for 'Lý do khác', not the bare category.
          r.deferralReason ? deferralReasonLabel(r.deferralReason, r.deferralText) : null,
          r.deferredUntil,
          r.screening?.weightKg ?? null,
          r.screening ? `${r.screening.systolic}/${r.screening.diastolic}` : null,
          r.screening?.hemoglobinGL ?? null,
          r.unitNumber,
          r.emergency ? 'Có' : 'Không',
          r.certificateSerial,
        ]),
      };
      return { table, fileName: exportFileName(campaign.name, vnDayOf(campaign.organizeTime), format) };
    },
  };
}
