import { ZScreeningRequest, type TAdminAppointment } from '@giot-hong/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { Field, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { applyServerErrors } from '../../../lib/api-errors';
import { FORM_VALIDATION, contractResolver } from '../../../lib/contract-resolver';
import { useSaveScreening } from '../api/save-screening';
import {
  SCREENING_FIELDS,
  screeningInitialValues,
  toScreeningRequest,
  type ScreeningField,
  type ScreeningValues,
} from '../lib/screening-form';

const NAMES = SCREENING_FIELDS.map((f) => f.name);
const resolver = contractResolver<ScreeningValues>([ZScreeningRequest], toScreeningRequest, (path) => {
  const key = String(path[0]) as ScreeningField;
  return NAMES.includes(key) ? key : 'weightKg';
});

/**
 * The venue check (khám sàng lọc) of a checked-in donor. Values outside a limit are recorded as
 * they are: the day list shows them in red and the outcome form proposes the deferral.
 */
export function ScreeningDialog({
  target,
  onClose,
}: {
  target: TAdminAppointment | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Khám sàng lọc"
      description={target?.fullName}
      footer={
        <>
          <ModalClose className={buttonSecondary}>Đóng</ModalClose>
          <button type="submit" form="screening-form" className={buttonPrimary}>
            Lưu kết quả khám
          </button>
        </>
      }
    >
      {target && <ScreeningForm target={target} onDone={onClose} />}
    </Modal>
  );
}

function ScreeningForm({ target, onDone }: { target: TAdminAppointment; onDone: () => void }) {
  const id = useId();
  const save = useSaveScreening();
  const form = useForm<ScreeningValues>({
    resolver,
    defaultValues: screeningInitialValues(target),
    ...FORM_VALIDATION,
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: target.id, body: toScreeningRequest(values) },
      {
        onSuccess: (saved) => {
          const out = saved.screening?.findings.length ?? 0;
          toast.success('Đã lưu kết quả khám', {
            description: out
              ? `${target.fullName}: ${out} chỉ số ngoài giới hạn`
              : `${target.fullName}: các chỉ số trong giới hạn`,
          });
          onDone();
        },
        onError: (e) => applyServerErrors(e, form.setError, NAMES, {}, 'Không thể lưu kết quả khám'),
      },
    ),
  );

  return (
    <form id="screening-form" onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {SCREENING_FIELDS.map((f) => {
        const fid = `${id}-${f.name}`;
        const error = errors[f.name]?.message;
        const required = f.name !== 'temperatureC';
        return (
          <Field key={f.name} id={fid} label={f.label} error={error} required={required}>
            <input
              {...fieldAria(fid, error, required)}
              {...form.register(f.name)}
              inputMode={f.decimal ? 'decimal' : 'numeric'}
              autoComplete="off"
              className={inputClass}
            />
          </Field>
        );
      })}
    </form>
  );
}
