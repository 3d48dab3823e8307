import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUNSELLING_TEXTS,
  CONSOLE_TASK_TEXTS as T,
  ZCounsellingCloseRequest,
  type TCounsellingCase,
} from '@giot-hong/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { Field, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { ModalClose, ModalForm } from '../../../components/ui/modal';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { applyServerErrors } from '../../../lib/api-errors';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { useCloseCounsellingCase } from '../api/close-counselling-case';

/** A case's donor as the list names them (an erased account keeps its case, without a name). */
export const caseName = (c: Pick<TCounsellingCase, 'fullName'>) => c.fullName ?? T.unknownDonor;

/**
 * 'Đã liên hệ, tư vấn': closing a case after the call, with a note of it (required, checked by the
 * contract's schema). The form is mounted only while the dialog is open, so each case starts empty.
 */
export function CounsellingCloseDialog({
  counsellingCase,
  onClose,
}: {
  counsellingCase: TCounsellingCase | null;
  onClose: () => void;
}) {
  return (
    <ModalFrame
      open={counsellingCase !== null}
      onOpenChange={(open) => !open && onClose()}
      title={COUNSELLING_TEXTS.close}
      description={counsellingCase ? T.closeFor(caseName(counsellingCase)) : undefined}
    >
      {counsellingCase && <CloseForm counsellingCase={counsellingCase} onDone={onClose} />}
    </ModalFrame>
  );
}

function CloseForm({ counsellingCase, onDone }: { counsellingCase: TCounsellingCase; onDone: () => void }) {
  const id = useId();
  const close = useCloseCounsellingCase();
  const form = useForm({
    resolver: zodResolver(ZCounsellingCloseRequest),
    defaultValues: { note: '' },
    ...FORM_VALIDATION,
  });
  const error = form.formState.errors.note?.message;
  const submit = form.handleSubmit(({ note }) =>
    close.mutate(
      { id: counsellingCase.id, note },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onDone();
        },
        onError: (err) => applyServerErrors(err, form.setError, ['note'], {}, 'Không thể đóng hồ sơ'),
      },
    ),
  );
  return (
    <ModalForm
      onSubmit={() => void submit()}
      footer={
        <>
          <ModalClose className={buttonSecondary}>Hủy</ModalClose>
          <button type="submit" className={buttonPrimary} disabled={close.isPending}>
            {COUNSELLING_TEXTS.close}
          </button>
        </>
      }
    >
      <Field id={`${id}-note`} label={COUNSELLING_TEXTS.noteLabel} error={error} required>
        <textarea
          rows={4}
          maxLength={2000}
          className={inputClass}
          {...fieldAria(`${id}-note`, error, true)}
          {...form.register('note')}
        />
      </Field>
    </ModalForm>
  );
}
