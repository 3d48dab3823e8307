import { zodResolver } from '@hookform/resolvers/zod';
import {
  CERTIFICATE_STAFF_TEXTS as T,
  ZCertificateUseRequest,
  type TAdminCertificate,
  type TCertificateUseRequest,
} from '@giot-hong/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { Field, FieldError, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { ModalClose, ModalForm } from '../../../components/ui/modal';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { errorMessage, placeFieldErrors } from '../../../lib/api-errors';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { vnToday } from '../../../lib/vn-time';
import { useRecordCertificateUse } from '../api/record-certificate-use';

/**
 * A hospital's use of the certificate's entitlement: day, hospital, volume. What the server refuses
 * beyond a field (a use over what remains: 409) is said under the form, where the person looks.
 */
export function CertificateUseDialog({
  userId,
  certificate: c,
  open,
  onOpenChange,
}: {
  userId: number;
  certificate: TAdminCertificate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const record = useRecordCertificateUse(userId);
  const form = useForm<TCertificateUseRequest>({
    resolver: zodResolver(ZCertificateUseRequest),
    defaultValues: { date: vnToday(), hospital: '', volumeMl: undefined },
    ...FORM_VALIDATION,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset({ date: vnToday(), hospital: '', volumeMl: undefined });
    }
  }, [open, reset]);
  const e = form.formState.errors;
  const submit = form.handleSubmit((body) => {
    record.mutate(
      { serial: c.serial, body },
      {
        onSuccess: (r) => {
          toast.success(T.recordedUse(r.remainingMl));
          onOpenChange(false);
        },
        onError: (err) => {
          if (!placeFieldErrors(err, form.setError, ['date', 'hospital', 'volumeMl']))
            form.setError('root.server', { message: errorMessage(err) });
        },
      },
    );
  });
  return (
    <ModalFrame
      open={open}
      onOpenChange={(next) => !record.isPending && onOpenChange(next)}
      title={T.recordUseTitle(c.serial)}
      description={T.recordUseHint(c.remainingMl)}
    >
      <ModalForm
        onSubmit={submit}
        footer={
          <>
            <ModalClose className={buttonSecondary} disabled={record.isPending}>
              {T.cancel}
            </ModalClose>
            <button type="submit" className={buttonPrimary} disabled={record.isPending}>
              {record.isPending ? T.saving : T.save}
            </button>
          </>
        }
      >
        <Field id={`${id}-date`} label={T.date} error={e.date?.message} required>
          <input
            type="date"
            {...fieldAria(`${id}-date`, e.date?.message, true)}
            {...form.register('date')}
            max={vnToday()}
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-hospital`} label={T.hospital} error={e.hospital?.message} required>
          <input
            {...fieldAria(`${id}-hospital`, e.hospital?.message, true)}
            {...form.register('hospital')}
            maxLength={200}
            autoComplete="off"
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-volume`} label={T.volume} error={e.volumeMl?.message} required>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={650}
            {...fieldAria(`${id}-volume`, e.volumeMl?.message, true)}
            {...form.register('volumeMl', { valueAsNumber: true })}
            className={inputClass}
          />
        </Field>
        <FieldError id={`${id}-refusal`} message={form.formState.errors.root?.server?.message} />
      </ModalForm>
    </ModalFrame>
  );
}
