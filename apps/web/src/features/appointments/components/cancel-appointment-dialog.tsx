import { APPOINTMENT_MESSAGES } from '@giot-hong/contract';
import { toast } from 'sonner';
import { useNewNotificationsToast } from '../../notifications/api/use-new-notifications-toast';
import { useCancelAppointment } from '../api/cancel-appointment';
import { formatSlotTime } from '../lib/appointment-format';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { errorMessage, errorStatus } from '../../../lib/api-errors';

export type CancelTarget = {
  id: number;
  campaignName: string;
  appointmentDate: string;
  /** The booked time slot, when the appointment has one: shown instead of the campaign's time. */
  slotStart?: string | null;
  slotEnd?: string | null;
};

/**
 * The cancel confirmation (only a BOOKING is cancelled, and only once confirmed). On success: a
 * success toast, then the unread-notification count is refreshed and, when above 0,
 * 'Bạn có {n} thông báo mới.' appears 3 s later.
 */
export function CancelAppointmentDialog({
  target,
  onClose,
  onCancelled,
}: {
  target: CancelTarget | null;
  onClose: () => void;
  onCancelled?: () => void;
}) {
  const announceNewNotifications = useNewNotificationsToast();
  const cancel = useCancelAppointment();

  const confirm = () => {
    if (!target) return;
    cancel.mutate(target.id, {
      onSuccess: () => {
        toast.success(APPOINTMENT_MESSAGES.cancelledTitle, { description: APPOINTMENT_MESSAGES.cancelled });
        onClose();
        onCancelled?.();
        // Not tied to this dialog: the donor may already have moved on. A failure counts as
        // "nothing new".
        announceNewNotifications();
      },
      onError: (e) => {
        // A refusal by the rules (409) says why; anything else is the generic failure text alone.
        toast.error(
          APPOINTMENT_MESSAGES.cancelFailed,
          errorStatus(e) === 409 ? { description: errorMessage(e) } : undefined,
        );
        onClose();
      },
    });
  };

  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && !cancel.isPending && onClose()}
      title="Xác nhận hủy lịch hẹn"
      description={
        target && (
          <>
            Bạn có chắc chắn muốn hủy lịch hẹn hiến máu tại <strong>{target.campaignName}</strong> lúc{' '}
            {formatSlotTime(target, target.appointmentDate)}? Sau khi hủy, bạn có thể đăng ký lại nếu chiến
            dịch vẫn còn nhận đăng ký.
          </>
        )
      }
      footer={
        <>
          <ModalClose className={buttonSecondary} disabled={cancel.isPending}>
            Không, giữ lịch hẹn
          </ModalClose>
          <button type="button" className={buttonPrimary} onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Đang hủy...' : 'Xác nhận hủy'}
          </button>
        </>
      }
    />
  );
}
