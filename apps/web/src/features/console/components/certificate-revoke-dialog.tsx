import { zodResolver } from '@hookform/resolvers/zod';
import { CERTIFICATE_STAFF_TEXTS as T, ZCertificateRevokeRequest } from '@giot-hong/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, FieldError, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { errorMessage, placeFieldErrors } from '../../../lib/api-errors';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { useRevokeCertificate } from '../api/revoke-certificate';

type RevokeForm = { reason: string };

/**
 * Revokes a certificate recorded in error, after a confirmation that names the consequence (void
 * at once, the donor told, no undo) and asks for the reason the donor will read.
 */
export function CertificateRevokeDialog({
  userId,
  serial,
  open,
  onClose,
}: {
  userId: number;
  serial: string;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const revoke = useRevokeCertificate(userId);
  const form = useForm<RevokeForm>({
    resolver: zodResolver(ZCertificateRevokeRequest),
    defaultValues: { reason: '' },
    ...FORM_VALIDATION,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset({ reason: '' });
    }
  }, [open, reset]);
  const error = form.formState.errors.reason?.message;
  const confirm = form.handleSubmit(({ reason }) => {
    revoke.mutate(
      { serial, reason },
      {
        onSuccess: () => {
          toast.success(T.revoked);
          onClose();
        },
        onError: (err) => {
          if (!placeFieldErrors(err, form.setError, ['reason']))
            form.setError('root.server', { message: errorMessage(err) });
        },
      },
    );
  });
  return (
    <ConfirmDialog
      open={open}
      title={T.revokeTitle(serial)}
      description={T.revokeConsequence}
      confirmLabel={T.confirmRevoke}
      cancelLabel={T.cancel}
      pendingLabel={T.revoking}
      pending={revoke.isPending}
      tone="danger"
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <Field id={`${id}-reason`} label={T.reason} error={error} required>
          <textarea
            rows={3}
            maxLength={500}
            {...fieldAria(`${id}-reason`, error, true)}
            {...form.register('reason')}
            className={inputClass}
          />
        </Field>
        <FieldError id={`${id}-refusal`} message={form.formState.errors.root?.server?.message} />
      </form>
    </ConfirmDialog>
  );
}
