import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_APPOINTMENT_STATUS_LABELS,
  BLOOD_GROUPS,
  DONATION_INTERVAL_DAYS,
  DONATION_TYPES,
  EXTERNAL_DONATION_TEXTS as X,
  ZLabBloodGroupRequest,
  addDays,
  LAB_BLOOD_GROUP_MARK,
  deferralReasonLabel,
  formatExportDay,
  deletionStatusStaffLabel,
  donorStatusStaffLabel,
  reviewOutcomeStaffLabel,
  externalDonationSchema,
  vnDayOf,
  type TAdminDonor,
  type TExternalDonationRequest,
} from '@giot-hong/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadingView } from '../../../components/ui/loading-view';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { Field, fieldAria } from '../../../components/ui/field';
import { useDonorDeletion } from '../api/get-donor-deletion';
import { useAddExternalDonation } from '../api/add-external-donation';
import { useAdminDonor } from '../api/get-admin-donor';
import { useSetLabBloodGroup } from '../api/set-lab-blood-group';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, PageHeading } from '../components/console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { formatShortTime } from '../lib/console-format';
import { applyServerErrors } from '../../../lib/api-errors';

/** The form checks the date against today (Vietnam) when it validates, as the server does. */
const ZExternalDonationForm = externalDonationSchema(() => vnDayOf(new Date()));
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

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
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
        <Section title="Hồ sơ">
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
        </Section>
        <div className="flex flex-col gap-4">
          <LabBloodGroupForm d={d} />
          <ExternalDonationForm d={d} />
        </div>
        <Section title="Lịch sử xác thực">
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
        </Section>
        <Section title="Lần hiến máu">
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
        </Section>
        <Section title="Lịch hẹn và tạm hoãn">
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
        </Section>
        <Section title="Góp ý">
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
        </Section>
      </div>
    </>
  );
}

function LabBloodGroupForm({ d }: { d: TAdminDonor }) {
  const id = useId();
  const save = useSetLabBloodGroup();
  // '' is "not chosen yet" (the schema refuses it with 'Vui lòng chọn nhóm máu').
  const form = useForm({
    resolver: zodResolver(ZLabBloodGroupRequest),
    defaultValues: { bloodGroup: (d.profile.labBloodGroup ?? '') as (typeof BLOOD_GROUPS)[number] },
    ...FORM_VALIDATION,
  });
  useUnsavedChanges(form.formState.isDirty);
  const error = form.formState.errors.bloodGroup?.message;
  const submit = form.handleSubmit(({ bloodGroup }) =>
    save.mutate(
      { id: d.id, bloodGroup },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          form.reset({ bloodGroup });
        },
        onError: (err) => applyServerErrors(err, form.setError, ['bloodGroup']),
      },
    ),
  );
  return (
    <Section title="Nhóm máu xét nghiệm">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <Field id={`${id}-bg`} label="Nhóm máu theo kết quả xét nghiệm" error={error} required>
            <select
              {...fieldAria(`${id}-bg`, error, true)}
              {...form.register('bloodGroup')}
              className={inputClass}
            >
              <option value="">Chọn nhóm máu</option>
              {BLOOD_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <button type="submit" className={buttonPrimary} disabled={save.isPending}>
          Lưu nhóm máu
        </button>
      </form>
    </Section>
  );
}

/**
 * A donation made at a hospital or another chapter: it counts in the interval before the donor's
 * next donation, and it cannot be removed here, so it is recorded after a confirmation saying so.
 */
function ExternalDonationForm({ d }: { d: TAdminDonor }) {
  const id = useId();
  const add = useAddExternalDonation();
  const form = useForm<TExternalDonationRequest>({
    resolver: zodResolver(ZExternalDonationForm),
    defaultValues: { date: '', donationType: 'WHOLE_BLOOD', place: '' },
    ...FORM_VALIDATION,
  });
  useUnsavedChanges(form.formState.isDirty);
  const [confirming, setConfirming] = useState<TExternalDonationRequest | null>(null);
  const e = form.formState.errors;
  const submit = form.handleSubmit((body) => setConfirming(body));
  const record = () => {
    if (!confirming) return;
    add.mutate(
      { id: d.id, body: confirming },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setConfirming(null);
          form.reset();
        },
        onError: (err) => {
          setConfirming(null);
          applyServerErrors(err, form.setError, ['date', 'donationType', 'place']);
        },
      },
    );
  };
  const type = confirming ? DONATION_TYPES.find((t) => t.value === confirming.donationType) : undefined;
  return (
    <Section title="Ghi lần hiến máu ở nơi khác">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-date`} label="Ngày hiến" error={e.date?.message} required>
          <input
            type="date"
            {...fieldAria(`${id}-date`, e.date?.message, true)}
            {...form.register('date')}
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-type`} label="Loại hiến" error={e.donationType?.message} required>
          <select
            {...fieldAria(`${id}-type`, e.donationType?.message, true)}
            {...form.register('donationType')}
            className={inputClass}
          >
            {DONATION_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${id}-place`} label="Nơi hiến" error={e.place?.message} required>
            <input
              {...fieldAria(`${id}-place`, e.place?.message, true)}
              {...form.register('place')}
              maxLength={300}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonPrimary} disabled={add.isPending}>
            {X.confirm}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={X.confirmTitle(d.profile.fullName ?? d.username)}
        description={
          confirming && type ? X.what(dayText(confirming.date), type.label, confirming.place.trim()) : null
        }
        confirmLabel={X.confirm}
        pendingLabel="Đang ghi..."
        pending={add.isPending}
        onConfirm={record}
        onCancel={() => setConfirming(null)}
      >
        {confirming && type && (
          <div className="flex flex-col gap-2 text-slate-800">
            <p>{X.nextAllowed(dayText(addDays(confirming.date, DONATION_INTERVAL_DAYS[type.value])))}</p>
            <p className="font-medium">{X.noUndo}</p>
          </div>
        )}
      </ConfirmDialog>
    </Section>
  );
}
