import {
  DEFERRAL_REASONS,
  DAY_DESK_MESSAGES,
  DONATION_TYPES,
  ZAdminOutcomeRequest,
  type TAdminAppointment,
} from '@giot-hong/contract';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION, contractResolver } from '../../../lib/contract-resolver';
import { errorMessage, errorStatus, placeFieldErrors } from '../../../lib/api-errors';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import type { ApiError } from '../../../lib/api-client';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { Field, fieldAria } from '../../../components/ui/field';
import { useRecordOutcome } from '../api/record-outcome';
import { adminStatusLabel, hasOutcome } from '../lib/day-rules';
import {
  FIELDS,
  RESULTS,
  doneRefusals,
  initialValues,
  volumeChoices,
  toRequest,
  type FormField,
  type FormValues,
} from '../lib/outcome-form';
import { inputClass } from '../../../components/ui/input-class';
import { UnitNumberScanner } from './unit-number-scanner';

/**
 * The contract's schema checks the request built from the inputs (each message under the input
 * that feeds it, or under the result); after the campaign's day a reason for the delay is required
 * too, which only the form knows; a DONE is refused, as the server would, without a recorded check
 * or with a volume the donor's weight does not allow.
 */
const resolverFor = (late: boolean, target: TAdminAppointment) =>
  contractResolver<FormValues>(
    [ZAdminOutcomeRequest],
    toRequest,
    (path) => {
      const key = String(path[0] ?? 'result') as FormField;
      return FIELDS.includes(key) ? key : 'result';
    },
    (values, _request, add) => {
      if (late && !values.lateReason.trim()) add('lateReason', DAY_DESK_MESSAGES.lateReasonRequired);
      // The server's refusals of a DONE, shown before sending (the server checks again).
      for (const [field, message] of Object.entries(doneRefusals(values, target)))
        add(field as FormField, message);
    },
  );

/**
 * Records what happened at the donation (or corrects it). When someone else recorded an outcome
 * first, the server answers 409 with the current state: it is shown here and the list reloads.
 */
export function OutcomeDialog({
  target,
  late,
  onClose,
}: {
  target: TAdminAppointment | null;
  /** The campaign's day has passed: a reason is asked for. */
  late: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        target && target.status !== 'CHECKED_IN' && target.status !== 'BOOKING'
          ? 'Sửa kết quả'
          : 'Ghi kết quả'
      }
      description={target ? `${target.fullName} · ${adminStatusLabel(target.status)}` : undefined}
      footer={
        <>
          <ModalClose className={buttonSecondary}>Đóng</ModalClose>
          <button type="submit" form="outcome-form" className={buttonPrimary}>
            Lưu kết quả
          </button>
        </>
      }
    >
      {target && <OutcomeForm target={target} late={late} onDone={onClose} />}
    </Modal>
  );
}

function OutcomeForm({
  target,
  late,
  onDone,
}: {
  target: TAdminAppointment;
  late: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const record = useRecordOutcome();
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: resolverFor(late, target),
    defaultValues: initialValues(target),
    ...FORM_VALIDATION,
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const result = useWatch({ control: form.control, name: 'result' });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const donationType = useWatch({ control: form.control, name: 'donationType' });
  const volumeMl = useWatch({ control: form.control, name: 'volumeMl' });
  const volumes = volumeChoices(donationType, volumeMl);
  const [scanning, setScanning] = useState(false);
  const findings = target.screening?.findings ?? [];

  const submit = form.handleSubmit((values) => {
    setConflict(null);
    record.mutate(
      // Replacing a recorded outcome is a correction; without the flag the server answers 409
      // when another desk recorded one meanwhile.
      { id: target.id, body: { ...toRequest(values), correction: hasOutcome(target.status) || undefined } },
      {
        onSuccess: () => {
          toast.success('Đã lưu kết quả', { description: target.fullName });
          onDone();
        },
        onError: (e) => {
          if (errorStatus(e) === 409) {
            // The server answers with the appointment as it now is.
            const current = ((e as ApiError).body as { data?: { status?: string } } | undefined)?.data
              ?.status;
            const message = errorMessage(e);
            setConflict(current ? `${message} Hiện tại: ${adminStatusLabel(current)}.` : message);
          } else if (!placeFieldErrors(e, form.setError, FIELDS)) {
            // A refusal of a field (a unit number another donation has, a volume) goes under it.
            toast.error('Không thể lưu kết quả', { description: errorMessage(e) });
          }
        },
      },
    );
  });

  const err = (f: FormField) => errors[f]?.message;
  return (
    <form id="outcome-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
      {conflict && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">Người khác vừa ghi kết quả cho lịch hẹn này.</p>
          <p>{conflict}</p>
          <p>Danh sách đã được tải lại; hãy kiểm tra trước khi sửa.</p>
        </div>
      )}
      {findings.length > 0 && !hasOutcome(target.status) && (
        <div
          role="note"
          data-screening-proposal
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
        >
          <p className="font-semibold">Khám sàng lọc đề xuất tạm hoãn</p>
          <ul className="list-disc pl-5">
            {findings.map((f) => (
              <li key={f.field}>{f.message}</li>
            ))}
          </ul>
          <p className="text-sm">Đây là đề xuất; bác sĩ tại điểm hiến máu quyết định.</p>
        </div>
      )}
      <fieldset aria-describedby={err('result') ? `${id}-result-error` : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Kết quả</legend>
        <div className="flex flex-col gap-2">
          {RESULTS.map((r) => (
            <label
              key={r.value}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 px-3 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                value={r.value}
                {...form.register('result')}
                className="size-5 accent-brand-600"
              />
              {r.label}
            </label>
          ))}
        </div>
        {err('result') && (
          <p id={`${id}-result-error`} role="alert" className="mt-1 text-sm text-brand-700">
            {err('result')}
          </p>
        )}
      </fieldset>

      {result === 'DONE' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-type`} label="Loại hiến" error={err('donationType')} required>
            <select
              {...fieldAria(`${id}-type`, err('donationType'), true)}
              {...form.register('donationType', {
                onChange: (e) => {
                  const type = DONATION_TYPES.find((t) => t.value === e.target.value);
                  if (type) form.setValue('volumeMl', String(type.defaultVolumeMl));
                },
              })}
              className={inputClass}
            >
              {DONATION_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-volume`} label="Thể tích (ml)" error={err('volumeMl')} required>
            {volumes ? (
              <select
                {...fieldAria(`${id}-volume`, err('volumeMl'), true)}
                {...form.register('volumeMl')}
                className={inputClass}
              >
                {volumes.map((v) => (
                  <option key={v} value={String(v)}>
                    {v} ml
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...fieldAria(`${id}-volume`, err('volumeMl'), true)}
                {...form.register('volumeMl')}
                type="number"
                inputMode="numeric"
                className={inputClass}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field
              id={`${id}-unit`}
              label="Mã túi máu"
              error={err('unitNumber')}
              hint="Mã ISBT 128 trên nhãn túi (ví dụ A9999 15 000001 M) hoặc mã của cơ sở."
              required
            >
              <input
                {...fieldAria(`${id}-unit`, err('unitNumber'), true)}
                {...form.register('unitNumber')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className={inputClass}
              />
            </Field>
            <button
              type="button"
              className={`${buttonSecondary} mt-2`}
              aria-expanded={scanning}
              onClick={() => setScanning((s) => !s)}
            >
              {scanning ? 'Tắt camera' : 'Quét mã túi máu'}
            </button>
            {scanning && (
              <div className="mt-2">
                <UnitNumberScanner
                  onCode={(code) => {
                    form.setValue('unitNumber', code, { shouldDirty: true, shouldValidate: true });
                    setScanning(false);
                    toast.success('Đã quét mã túi máu', { description: code });
                  }}
                />
              </div>
            )}
          </div>
          <label className="flex min-h-11 items-center gap-3 sm:col-span-2">
            <input type="checkbox" {...form.register('emergency')} className="size-5 accent-brand-600" />
            Hiến máu khẩn cấp
          </label>
        </div>
      )}

      {result === 'DEFERRED' && (
        <div className="flex flex-col gap-3">
          <Field id={`${id}-reason`} label="Lý do tạm hoãn" error={err('reason')} required>
            <select
              {...fieldAria(`${id}-reason`, err('reason'), true)}
              {...form.register('reason')}
              className={inputClass}
            >
              <option value="">Chọn lý do</option>
              {DEFERRAL_REASONS.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </Field>
          {reason === 'OTHER' && (
            <Field id={`${id}-reason-text`} label="Lý do khác" error={err('reasonText')} required>
              <input
                {...fieldAria(`${id}-reason-text`, err('reasonText'), true)}
                {...form.register('reasonText')}
                className={inputClass}
              />
            </Field>
          )}
          <Field id={`${id}-until`} label="Hoãn đến ngày" error={err('deferredUntil')} required>
            <input
              {...fieldAria(`${id}-until`, err('deferredUntil'), true)}
              {...form.register('deferredUntil')}
              type="date"
              className={inputClass}
            />
          </Field>
        </div>
      )}

      {late && (
        <Field id={`${id}-late`} label="Lý do ghi sau ngày hiến máu" error={err('lateReason')} required>
          <input
            {...fieldAria(`${id}-late`, err('lateReason'), true)}
            {...form.register('lateReason')}
            className={inputClass}
          />
        </Field>
      )}
    </form>
  );
}
