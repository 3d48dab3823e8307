import { SLOT_MESSAGES, ZSlotCapacity, type TAdminDayPage, type TSlot } from '@giot-hong/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { memo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from 'sonner';
import { buttonSecondary } from '../../../components/ui/buttons';
import { FieldError, fieldAria } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading-view';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { errorMessage } from '../../../lib/api-errors';
import { useCampaignSlots } from '../../registration/api/get-campaign-slots';
import { useSaveSlotCapacity } from '../api/save-slot-capacity';
import { inputClass } from '../../../components/ui/input-class';
import { DaySlotsHeading } from './day-slots-heading';

/**
 * The day per time slot: places booked of the capacity, donors checked in, and each slot's
 * capacity, which staff may change (never below the places booked).
 */
export function DaySlots({
  campaignId,
  checkIns,
}: {
  campaignId: number;
  /** The day's check-ins per slot, counted by the server with the list's page (whatever its filter). */
  checkIns: TAdminDayPage['slots'] | undefined;
}) {
  const slots = useCampaignSlots(campaignId);
  if (slots.isPending) return <LoadingView />;
  if (!slots.data?.length) return null;
  const checkedIn = new Map((checkIns ?? []).map((s) => [Date.parse(s.start), s.checkedIn]));
  return (
    <section aria-labelledby="day-slots-heading" className="mb-4">
      <DaySlotsHeading />
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {slots.data.map((s) => (
          <SlotRow
            key={s.start}
            campaignId={campaignId}
            slot={s}
            checkedIn={checkedIn.get(Date.parse(s.start)) ?? 0}
          />
        ))}
      </ul>
    </section>
  );
}

/** A capacity as typed (a number input gives a string; empty is no number) and as saved. */
const ZCapacityForm = z.object({
  capacity: z
    .string()
    .transform((v) => (v.trim() === '' ? Number.NaN : Number(v)))
    .pipe(ZSlotCapacity),
});

/**
 * One slot: its counts and a form to change its capacity, checked by the contract's rule (the
 * server also refuses a capacity below the places booked, and says so under the input). Drawn
 * again only when its slot or its count changes (a check-in on a busy day draws one of twenty).
 */
const SlotRow = memo(function SlotRow({
  campaignId,
  slot: s,
  checkedIn,
}: {
  campaignId: number;
  slot: TSlot;
  checkedIn: number;
}) {
  const save = useSaveSlotCapacity(campaignId);
  // Until edited, the input follows the live capacity (another desk may change it): `values`
  // replaces the form's value whenever it changes, except an edit in progress.
  const form = useForm<{ capacity: string }, unknown, { capacity: number }>({
    resolver: zodResolver(ZCapacityForm),
    values: { capacity: String(s.capacity) },
    resetOptions: { keepDirtyValues: true },
  });
  // A capacity typed and not saved is asked about before the page is left.
  useUnsavedChanges(form.formState.isDirty);
  const error = form.formState.errors.capacity?.message;
  const inputId = `slot-capacity-${s.start}`;

  const submit = form.handleSubmit(({ capacity }) =>
    save.mutate([{ start: s.start, capacity }], {
      onSuccess: () => {
        form.reset({ capacity: String(capacity) });
        toast.success(SLOT_MESSAGES.slotsSaved, { description: s.label });
      },
      onError: (err) =>
        form.setError('capacity', {
          type: 'server',
          message: errorMessage(err, SLOT_MESSAGES.capacityRange),
        }),
    }),
  );

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3" data-slot={s.label}>
      <p className="font-semibold text-slate-900">{s.label}</p>
      <p className="text-sm text-slate-800" data-slot-counts>
        Đã đặt {s.booked}/{s.capacity} · Đã check-in {checkedIn}
      </p>
      <form onSubmit={submit} className="mt-2 flex items-end gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm text-slate-700">
            Số chỗ {s.label}
          </label>
          <input
            {...fieldAria(inputId, error)}
            {...form.register('capacity')}
            type="number"
            inputMode="numeric"
            min={Math.max(1, s.booked)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonSecondary} disabled={save.isPending}>
          Lưu<span className="sr-only"> số chỗ {s.label}</span>
        </button>
      </form>
      {/* Under the whole row: inside the form it would push the input up, away from its button. */}
      <FieldError id={`${inputId}-error`} message={error} />
    </li>
  );
});
