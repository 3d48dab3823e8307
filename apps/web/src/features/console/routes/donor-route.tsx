import { DonorCertificates } from '../components/donor-certificates';
import { DonorSection } from '../components/donor-section';
import { ExternalDonationForm } from '../components/external-donation-form';
import { LabBloodGroupForm } from '../components/lab-blood-group-form';
import {
  ADMIN_APPOINTMENT_STATUS_LABELS,
  DONATION_TYPES,
  LAB_BLOOD_GROUP_MARK,
  deferralReasonLabel,
  formatExportDay,
  deletionStatusStaffLabel,
  donorStatusStaffLabel,
  reviewOutcomeStaffLabel,
  vnDayOf,
  type TAdminDonor,
} from '@giot-hong/contract';
import { Link, useParams } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDonorDeletion } from '../api/get-donor-deletion';
import { useAdminDonor } from '../api/get-admin-donor';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading } from '../components/console-ui';
import { formatShortTime } from '../lib/console-format';

const dayText = (day: string) => day.split('-').reverse().join('/');
const day = (iso: string) => dayText(vnDayOf(iso));
const typeLabel = (t: string | null) => DONATION_TYPES.find((d) => d.value === t)?.label ?? t ?? '';
const statusLabel = (s: string) =>
  (ADMIN_APPOINTMENT_STATUS_LABELS as Record<string, string>)[s === 'COMPLETED' ? 'DONE' : s] ?? s;

/** /quan-tri/nguoi-hien-mau/:id: the whole record (the server audits the view). */
export function Component() {
  usePageTitle('Hồ sơ người hiến máu');
  const id = Number(useParams().id);
  const donor = useAdminDonor(id);
  if (donor.isPending) return <LoadingView />;
  if (donor.isError) return <ConsoleErrorView onRetry={() => donor.refetch()} />;
  return <DonorPage d={donor.data} />;
}

function DonorPage({ d }: { d: TAdminDonor }) {
  const p = d.profile;
  const deletion = useDonorDeletion(d.id);
  return (
    <>
      <p className="mb-2">
        <Link to={consolePaths.donors} className="font-medium text-brand-700 underline">
          ← Người hiến máu
        </Link>
      </p>
      <PageHeading title={p.fullName ?? d.username} sub={`${d.username} · ${d.email}`} />
      <div className="grid gap-4 lg:grid-cols-2">
        <DonorSection title="Hồ sơ">
          <DetailList
            items={[
              ['Trạng thái xác thực', donorStatusStaffLabel(d.status, p.reviewOutcome)],
              ['Số căn cước', p.cardId ?? '—'],
              ['Ngày sinh', p.dob ?? '—'],
              ['Giới tính', p.gender ?? '—'],
              ['Số điện thoại', p.mobile ?? '—'],
              ['E-mail liên hệ', p.contactEmail ?? d.email],
              ['Địa chỉ liên hệ', p.addressContact ?? '—'],
              ['Nhóm máu tự khai', p.bloodGroup ?? '—'],
              ['Nhóm máu xét nghiệm', p.labBloodGroup ? `${p.labBloodGroup} (${LAB_BLOOD_GROUP_MARK})` : '—'],
              [
                'Quyết định gần nhất',
                p.reviewOutcome
                  ? `${reviewOutcomeStaffLabel(p.reviewOutcome)}${p.reviewReason ? `: ${p.reviewReason}` : ''}`
                  : '—',
              ],
              [
                'Yêu cầu xóa tài khoản',
                deletion.data ? deletionStatusStaffLabel(deletion.data) : deletion.isError ? '—' : '…',
              ],
            ]}
          />
        </DonorSection>
        <div className="flex flex-col gap-4">
          <LabBloodGroupForm d={d} />
          <ExternalDonationForm d={d} />
        </div>
        <DonorSection title="Lịch sử xác thực">
          {d.verifications.length === 0 ? (
            <p className="text-slate-700">Chưa có lần xác thực nào</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {d.verifications.map((v) => (
                <li key={v.extractId} className="text-slate-800">
                  Tải ảnh {formatShortTime(v.createdAt)}
                  {v.confirmedAt ? ` · xác nhận ${formatShortTime(v.confirmedAt)}` : ''}
                  {v.reviewOutcome
                    ? ` · ${reviewOutcomeStaffLabel(v.reviewOutcome)}${v.reviewReason ? ` (${v.reviewReason})` : ''}`
                    : ''}
                  {v.reviewRequestedAt && !v.reviewedAt && (
                    <>
                      {' · '}
                      <Link
                        to={consolePaths.identityReview(v.extractId)}
                        className="text-brand-700 underline"
                      >
                        Chờ duyệt
                      </Link>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </DonorSection>
        <DonorSection title="Lần hiến máu">
          {d.donations.length === 0 ? (
            <p className="text-slate-700">Chưa có lần hiến máu nào</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {d.donations.map((x, i) => (
                <li key={`${x.date}-${i}`} className="text-slate-800">
                  {day(x.date)} · {typeLabel(x.donationType)}
                  {x.volumeMl ? ` · ${x.volumeMl} ml` : ''} · {x.place}
                  {x.elsewhere ? ' (nơi khác)' : ''}
                </li>
              ))}
            </ul>
          )}
        </DonorSection>
        <DonorCertificates userId={d.id} />
        <DonorSection title="Lịch hẹn và tạm hoãn">
          {d.appointments.length === 0 ? (
            <p className="text-slate-700">Chưa có lịch hẹn nào</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {d.appointments.map((a) => (
                <li key={a.id} className="text-slate-800">
                  {day(a.organizeTime)} · {a.campaignName} · {statusLabel(a.status)}
                  {a.deferralReason
                    ? ` · ${deferralReasonLabel(a.deferralReason, a.deferralText)}${a.deferredUntil ? ` đến ${formatExportDay(a.deferredUntil)}` : ''}`
                    : ''}
                </li>
              ))}
            </ul>
          )}
        </DonorSection>
        <DonorSection title="Góp ý">
          {d.feedback.length === 0 ? (
            <p className="text-slate-700">Chưa có góp ý nào</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {d.feedback.map((f, i) => (
                <li key={i} className="break-words text-slate-800">
                  {f.campaignName}: {f.message}
                </li>
              ))}
            </ul>
          )}
        </DonorSection>
      </div>
    </>
  );
}
