import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUS,
  APPOINTMENT_UPCOMING_LABEL,
  type TAppointment,
} from '@giot-hong/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { paths, profileTabHref, profileTabs } from '../../../lib/paths';
import { InvalidHistoryError, useAppointmentHistory } from '../api/get-appointment-history';
import { useNextEligible } from '../api/get-next-eligible';
import { formatSlotTime, locationOrDefault, nextEligibleLabel, summarise } from '../lib/appointment-format';
import { CancelAppointmentDialog, type CancelTarget } from './cancel-appointment-dialog';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { cardClass, StatusBadge } from './ui';

/** Tab lich-su-hien-mau: summary counters, the list, the cancel confirmation. */
export function AppointmentHistoryTab() {
  const history = useAppointmentHistory();
  const next = useNextEligible();
  const [toCancel, setToCancel] = useState<CancelTarget | null>(null);

  useEffect(() => {
    // One toast per failure, even when an effect runs twice (the id de-duplicates).
    if (history.isError)
      toast.error(APPOINTMENT_MESSAGES.historyLoadToast, { id: 'appointment-history-failed' });
  }, [history.isError, history.errorUpdatedAt]);

  const counts = useMemo(() => summarise(history.data ?? []), [history.data]);

  if (history.isPending) return <LoadingView />;
  if (history.isError) {
    return (
      <div role="alert">
        <EmptyView
          title={
            history.error instanceof InvalidHistoryError
              ? APPOINTMENT_MESSAGES.historyLoadError
              : APPOINTMENT_MESSAGES.historyLoadFailed
          }
        >
          <button
            type="button"
            onClick={() => history.refetch()}
            className="font-semibold text-brand-700 underline"
          >
            Thử lại
          </button>
        </EmptyView>
      </div>
    );
  }

  const list = history.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="history-summary-heading">
        <h2 id="history-summary-heading" className="sr-only">
          Tổng quan hiến máu
        </h2>
        {/* At 360 px the three counters share one row and the date (or 'Có thể hiến ngay') takes
            the next whole row, so every label and value stays on one line and the rows line up. */}
        <dl className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3">
          <SummaryItem label="Đã hiến máu" value={String(counts.done)} />
          <SummaryItem label={APPOINTMENT_UPCOMING_LABEL} value={String(counts.upcoming)} />
          <SummaryItem label="Đã hủy" value={String(counts.cancelled)} />
          <SummaryItem
            label="Có thể hiến máu lại"
            value={nextEligibleLabel(next.data)}
            small
            className="col-span-3 sm:col-span-1"
          />
        </dl>
      </section>

      <section aria-labelledby="history-list-heading" className="space-y-3">
        <h2 id="history-list-heading" className="text-lg font-semibold text-slate-900">
          Lịch hẹn của bạn
        </h2>
        {list.length === 0 ? (
          <div className={cardClass}>
            <EmptyView title="Bạn chưa có lịch hẹn hiến máu nào.">
              <p className="text-sm">
                Mỗi lần hiến máu có thể cứu sống tới 3 người. Hãy đăng ký tham gia một chiến dịch gần bạn.
              </p>
              <Link to={paths.donationRegistration} className={buttonPrimary}>
                Đăng ký hiến máu
              </Link>
            </EmptyView>
          </div>
        ) : (
          <ul aria-labelledby="history-list-heading" className="space-y-3">
            {list.map((a) => (
              <HistoryItem key={a.id} appointment={a} onCancel={() => setToCancel(a)} />
            ))}
          </ul>
        )}
      </section>

      <CancelAppointmentDialog target={toCancel} onClose={() => setToCancel(null)} />
    </div>
  );
}

function SummaryItem({
  label,
  value,
  small = false,
  className = '',
}: {
  label: string;
  value: string;
  small?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`flex flex-col-reverse justify-start rounded-2xl border border-slate-200 bg-white px-2 py-3 text-center sm:p-4 ${className}`}
    >
      <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
      <dd className={`font-bold text-brand-700 ${small ? 'text-lg' : 'text-2xl'}`}>{value}</dd>
    </div>
  );
}

function HistoryItem({ appointment: a, onCancel }: { appointment: TAppointment; onCancel: () => void }) {
  const titleId = `appointment-${a.id}-title`;
  return (
    <li aria-labelledby={titleId} className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold text-slate-900">
          {a.campaignName}
        </h3>
        <StatusBadge status={a.status} />
      </div>
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-600">Thời gian:</dt>
          <dd>{formatSlotTime(a, a.appointmentDate)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-600">Địa điểm:</dt>
          <dd className="min-w-0 break-words">{locationOrDefault(a.location)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Link to={profileTabHref(profileTabs.appointment(a.id))} className={buttonSecondary}>
          Xem chi tiết
        </Link>
        {a.status === APPOINTMENT_STATUS.BOOKING &&
          (a.canCancel ? (
            <button type="button" className={buttonDanger} onClick={onCancel}>
              Hủy lịch hẹn
            </button>
          ) : (
            <p className="text-sm text-slate-600">{APPOINTMENT_MESSAGES.cancelDeadlinePassed}</p>
          ))}
      </div>
    </li>
  );
}
