import { SLOT_MESSAGES, type TSlot } from '@giot-hong/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { useCampaignSlots } from '../../registration/api/get-campaign-slots';
import { SlotPicker } from '../../registration/components/slot-picker';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { serverMessage } from '../../../lib/api-errors';

/** 'Đổi khung giờ': another slot of the same campaign, until 2 hours before the booked one. */
export function RescheduleSection({
  appointmentId,
  campaignId,
  current,
}: {
  appointmentId: number;
  campaignId: number;
  current: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<TSlot | undefined>();
  const slots = useCampaignSlots(open ? campaignId : undefined);
  const move = useRescheduleAppointment();

  function submit() {
    if (!choice) return;
    move.mutate(
      { id: appointmentId, slotStart: choice.start },
      {
        onSuccess: (body) => {
          toast.success(body.message || SLOT_MESSAGES.rescheduled(choice.label));
          setOpen(false);
          setChoice(undefined);
        },
        onError: (err) => {
          const description = serverMessage(err);
          toast.error('Có lỗi xảy ra', { description });
          setChoice(undefined);
        },
      },
    );
  }

  if (!open)
    return (
      <button type="button" className={buttonSecondary} onClick={() => setOpen(true)}>
        {SLOT_MESSAGES.rescheduleTitle}
      </button>
    );
  return (
    <div className="mt-4 w-full space-y-3">
      <SlotPicker
        slots={slots.data}
        isPending={slots.isPending}
        isError={slots.isError}
        onRetry={() => void slots.refetch()}
        selected={choice?.start}
        onSelect={setChoice}
        legend={SLOT_MESSAGES.rescheduleTitle}
        exclude={current}
      />
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonPrimary} disabled={!choice || move.isPending} onClick={submit}>
          {SLOT_MESSAGES.rescheduleSubmit}
        </button>
        <button type="button" className={buttonSecondary} onClick={() => setOpen(false)}>
          Đóng
        </button>
      </div>
    </div>
  );
}
