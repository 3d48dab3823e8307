import { zodResolver } from '@hookform/resolvers/zod';
import {
  DONATION_INTERVAL_DAYS,
  DONATION_TYPES,
  EXTERNAL_DONATION_TEXTS as X,
  addDays,
  externalDonationSchema,
  vnDayOf,
  type TAdminDonor,
  type TExternalDonationRequest,
} from '@giot-hong/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { Field, fieldAria } from '../../../components/ui/field';
import { useAddExternalDonation } from '../api/add-external-donation';
import { inputClass } from '../../../components/ui/input-class';
import { DonorSection } from './donor-section';
import { applyServerErrors } from '../../../lib/api-errors';

/** The form checks the date against today (Vietnam) when it validates, as the server does. */
const ZExternalDonationForm = externalDonationSchema(() => vnDayOf(new Date()));
/** 'yyyy-mm-dd' → 'dd/mm/yyyy'. */
const dayText = (day: string) => day.split('-').reverse().join('/');

/**
 * A donation made at a hospital or another chapter: it counts in the interval before the donor's
 * next donation, and it cannot be removed here, so it is recorded after a confirmation saying so.
 */
export function ExternalDonationForm({ d }: { d: TAdminDonor }) {
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
    <DonorSection title="Ghi lần hiến máu ở nơi khác">
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
    </DonorSection>
  );
}
