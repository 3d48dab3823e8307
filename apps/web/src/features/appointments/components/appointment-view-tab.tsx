import { CertificateDownload } from '../../donations/components/certificate-download';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUS,
  isFinishedAppointment,
  type TAppointmentView,
} from '@giot-hong/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { paths, profileTabHref, profileTabs } from '../../../lib/paths';
import { useDownloadAppointmentCalendar } from '../api/download-appointment-calendar';
import { useAppointment } from '../api/get-appointment';
import { formatSlotTime, locationOrDefault, showsFormDetail } from '../lib/appointment-format';
import { RescheduleSection } from './reschedule-section';
import { AnswersDialog } from '../../../components/ui/answers-dialog';
import { AppointmentContactSection } from './appointment-contact-section';
import { CancelAppointmentDialog, type CancelTarget } from './cancel-appointment-dialog';
import { FeedbackForm } from './feedback-form';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { DetailList } from '../../../components/ui/detail-list';
import { cardClass, StatusBadge } from './ui';
import { isNotFound } from '../../../lib/api-errors';

const NOT_SET = 'Chưa cập nhật';

// The QR encoder loads only when a booked appointment is shown.
const QrCode = lazy(() => import('../../../components/ui/qr-code'));

/** The check-in code for the donation day: a QR code for the staff's camera and the code as text. */
function CheckInSection({ code, time }: { code: string; time: string }) {
  return (
    <section aria-labelledby="check-in-heading" className={cardClass}>
      <h3 id="check-in-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Mã check-in
      </h3>
      <p className="mb-4 text-sm text-slate-700">
        Đưa mã này cho cán bộ tại điểm hiến máu để check-in. Mã chỉ dùng cho lịch hẹn này.
      </p>
      <div className="flex flex-col items-center gap-3">
        <Suspense fallback={<div className="size-56 rounded-lg bg-slate-100" aria-hidden />}>
          <QrCode value={code} label={`Mã QR check-in: ${code}`} />
        </Suspense>
        <p className="font-mono text-2xl font-bold tracking-widest text-slate-900" data-check-in-code>
          {code}
        </p>
        <p className="text-slate-800" data-testid="check-in-time">
          {time}
        </p>
      </div>
    </section>
  );
}

/** Card dates arrive as 'dd/mm/yyyy' or ISO 'yyyy-mm-dd'; both are shown as dd/mm/yyyy. */
function cardDate(value: string | null): string {
  if (!value) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}

const backLink = (
  <Link
    to={profileTabHref(profileTabs.history)}
    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
  >
    ← Quay lại lịch sử hiến máu
  </Link>
);

/** Tab xem-lich-hen-{appointmentId}: one of the donor's own appointments. */
export function AppointmentViewTab({ appointmentId }: { appointmentId: number }) {
  const appointment = useAppointment(appointmentId);
  const valid = Number.isInteger(appointmentId) && appointmentId > 0;

  if (valid && appointment.isPending) return <LoadingView />;
  const notFound = !valid || isNotFound(appointment.error);
  if (notFound || appointment.isError) {
    return (
      <div role="alert">
        <EmptyView title={notFound ? APPOINTMENT_MESSAGES.notFound : APPOINTMENT_MESSAGES.loadFailed}>
          {!notFound && (
            <button
              type="button"
              onClick={() => appointment.refetch()}
              className="font-semibold text-brand-700 underline"
            >
              Thử lại
            </button>
          )}
          {backLink}
        </EmptyView>
      </div>
    );
  }
  return <AppointmentView view={appointment.data!} />;
}

function AppointmentView({ view }: { view: TAppointmentView }) {
  const { userInfo: u, campaign: c } = view;
  const [showAnswers, setShowAnswers] = useState(false);
  const [toCancel, setToCancel] = useState<CancelTarget | null>(null);
  const calendar = useDownloadAppointmentCalendar();
  const booking = c.status === APPOINTMENT_STATUS.BOOKING;

  const addToCalendar = () =>
    calendar.mutate(view.id, {
      onError: () => toast.error('Đã có lỗi xảy ra', { description: APPOINTMENT_MESSAGES.loadFailed }),
    });

  return (
    <div className="space-y-6">
      {backLink}
      {/* A closed band (border all round): a gradient fading into the page read as cut off. */}
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:p-6">
        <h2 className="min-w-0 text-xl font-bold break-words text-slate-900">
          {u.fullName || 'Lịch hẹn hiến máu'}
        </h2>
        <StatusBadge status={c.status} />
      </div>

      <section aria-labelledby="current-appointment-heading" className={cardClass}>
        <h3 id="current-appointment-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Lịch hẹn hiện tại
        </h3>
        <DetailList
          columns={1}
          items={[
            ['Chiến dịch', c.campaignName],
            ['Thời gian', formatSlotTime(c, c.appointmentDate)],
            ['Địa điểm', locationOrDefault(c.location)],
          ]}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          {showsFormDetail(c.status) && (
            <button type="button" className={buttonPrimary} onClick={() => setShowAnswers(true)}>
              Xem chi tiết phiếu đăng ký
            </button>
          )}
          {booking && (
            <button
              type="button"
              className={buttonSecondary}
              onClick={addToCalendar}
              disabled={calendar.isPending}
            >
              {calendar.isPending ? 'Đang tải...' : 'Thêm vào lịch'}
            </button>
          )}
          {booking && view.canCancel && (
            <button
              type="button"
              className={buttonDanger}
              onClick={() =>
                setToCancel({
                  id: view.id,
                  campaignName: c.campaignName,
                  appointmentDate: c.appointmentDate,
                  slotStart: c.slotStart,
                  slotEnd: c.slotEnd,
                })
              }
            >
              Hủy lịch hẹn
            </button>
          )}
          {booking && c.canReschedule && (
            <RescheduleSection appointmentId={view.id} campaignId={c.campaignId} current={c.slotStart} />
          )}
        </div>
        {booking && !view.canCancel && (
          <p className="mt-3 text-sm text-slate-600">{APPOINTMENT_MESSAGES.cancelDeadlinePassed}</p>
        )}
      </section>

      {booking && c.checkInCode && (
        <CheckInSection code={c.checkInCode} time={formatSlotTime(c, c.appointmentDate)} />
      )}

      {view.certificateSerial && <CertificateDownload serial={view.certificateSerial} />}

      {booking ? (
        <>
          <section aria-labelledby="appointment-personal-heading" className={cardClass}>
            <h3 id="appointment-personal-heading" className="mb-4 text-lg font-semibold text-slate-900">
              Thông tin cá nhân
            </h3>
            <DetailList
              items={[
                ['Họ và tên', u.fullName || NOT_SET],
                ['Số CCCD', u.identityNumber || NOT_SET],
                ['Ngày sinh', cardDate(u.dob) || NOT_SET],
                ['Giới tính', u.gender || NOT_SET],
                ['Nơi thường trú', u.address || NOT_SET],
                ['Nơi cấp', u.issueLoc || NOT_SET],
              ]}
            />
          </section>
          <AppointmentContactSection info={u} appointmentId={view.id} />
        </>
      ) : (
        <>
          {!isFinishedAppointment(c.status) && (
            <div className={cardClass}>
              <EmptyView
                title={
                  c.status === APPOINTMENT_STATUS.CANCELLED
                    ? 'Lịch hẹn này đã được hủy.'
                    : 'Lịch hẹn này đang chờ xử lý.'
                }
              >
                <p className="text-sm">Bạn có thể đăng ký tham gia một chiến dịch hiến máu khác.</p>
                <Link to={paths.donationRegistration} className={buttonPrimary}>
                  Đăng ký hiến máu
                </Link>
              </EmptyView>
            </div>
          )}
          {/* Every appointment that is not BOOKING takes feedback. */}
          <FeedbackForm
            appointmentId={view.id}
            name={u.fullName || ''}
            email={u.email || ''}
            campaignName={c.campaignName}
          />
        </>
      )}

      <AnswersDialog
        open={showAnswers}
        onOpenChange={setShowAnswers}
        campaignName={c.campaignName}
        sections={view.answer.sections}
      />
      <CancelAppointmentDialog target={toCancel} onClose={() => setToCancel(null)} />
    </div>
  );
}
