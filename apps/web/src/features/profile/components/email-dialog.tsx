import { zodResolver } from '@hookform/resolvers/zod';
import { ZEmailDialog } from '@giot-hong/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AppDialog, DialogClose, DialogForm } from './app-dialog';
import { buttonPrimary, buttonSecondary, Field, fieldAria, inputClass } from './controls';

const ZEmailForm = z.object({ email: z.string().trim().pipe(ZEmailDialog) });

type Props = { open: boolean; onOpenChange: (open: boolean) => void; initial: string; onConfirm: (email: string) => void };

export function EmailDialog({ open, onOpenChange, initial, onConfirm }: Props) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Email">
      <EmailForm
        initial={initial}
        onConfirm={(v) => {
          onConfirm(v);
          onOpenChange(false);
        }}
      />
    </AppDialog>
  );
}

function EmailForm({ initial, onConfirm }: { initial: string; onConfirm: (email: string) => void }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZEmailForm),
    defaultValues: { email: initial },
  });
  const error = formState.errors.email?.message;
  return (
    <DialogForm
      onSubmit={handleSubmit((v) => onConfirm(v.email))}
      footer={
        <>
          <DialogClose className={buttonSecondary}>Hủy</DialogClose>
          <button type="submit" className={buttonPrimary}>
            Xác nhận
          </button>
        </>
      }
    >
      <Field id="email-dialog-email" label="Địa chỉ email" error={error}>
        <input
          {...register('email')}
          {...fieldAria('email-dialog-email', error)}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={50}
          placeholder="VD: ten@example.com"
          className={inputClass}
        />
      </Field>
    </DialogForm>
  );
}
