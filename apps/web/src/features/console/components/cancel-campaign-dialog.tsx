import { zodResolver } from '@hookform/resolvers/zod';
import { ZAdminCampaignCancelRequest } from '@giot-hong/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { Field, fieldAria } from '../../../components/ui/field';
import { useCancelCampaign } from '../api/cancel-campaign';
import { applyServerErrors } from '../../../lib/api-errors';
import { inputClass } from '../../../components/ui/input-class';

export type CampaignToCancel = { id: number; name: string; booked: number };

/** Cancelling a campaign, after its reason is given: every booked donor is told (and mailed) why. */
export function CancelCampaignDialog({
  target,
  onClose,
}: {
  target: CampaignToCancel | null;
  onClose: () => void;
}) {
  const id = useId();
  const cancel = useCancelCampaign();
  const form = useForm({
    resolver: zodResolver(ZAdminCampaignCancelRequest),
    defaultValues: { reason: '' },
    ...FORM_VALIDATION,
  });
  useUnsavedChanges(form.formState.isDirty);
  const error = form.formState.errors.reason?.message;

  const close = () => {
    if (cancel.isPending) return;
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    if (!target) return;
    cancel.mutate(
      { id: target.id, body: values },
      {
        onSuccess: () => {
          toast.success('Đã hủy chiến dịch', { description: target.name });
          form.reset();
          onClose();
        },
        onError: (e) => applyServerErrors(e, form.setError, ['reason']),
      },
    );
  });

  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title="Hủy chiến dịch"
      description={
        target && (
          <>
            Hủy chiến dịch <strong>{target.name}</strong>? {target.booked} lịch hẹn đang đặt sẽ bị hủy; mỗi
            người hiến máu nhận thông báo và email kèm lý do. Không thể hoàn tác.
          </>
        )
      }
      footer={
        <>
          <ModalClose className={buttonSecondary} disabled={cancel.isPending}>
            Không
          </ModalClose>
          <button type="submit" form={`${id}-form`} className={buttonPrimary} disabled={cancel.isPending}>
            {cancel.isPending ? 'Đang hủy...' : 'Xác nhận hủy chiến dịch'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field id={`${id}-reason`} label="Lý do hủy" error={error} required>
          <textarea
            {...fieldAria(`${id}-reason`, error, true)}
            {...form.register('reason')}
            rows={3}
            className={inputClass}
          />
        </Field>
      </form>
    </Modal>
  );
}
