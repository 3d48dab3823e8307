import { zodResolver } from '@hookform/resolvers/zod';
import { ZPhoneDialog } from '@giot-hong/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { digitsOnly } from '../lib/profile-format';
import { AppDialog, DialogClose, DialogForm } from './app-dialog';
import { buttonPrimary, buttonSecondary, Field, fieldAria, inputClass } from './controls';

const ZPhoneForm = z.object({ mobile: ZPhoneDialog });

type Props = { open: boolean; onOpenChange: (open: boolean) => void; initial: string; onConfirm: (mobile: string) => void };

/** Phone dialog: digits only, at most 10, a Vietnamese mobile number (03/05/07/08/09 + 8 digits). */
export function PhoneDialog({ open, onOpenChange, initial, onConfirm }: Props) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Số điện thoại">
      <PhoneForm
        initial={initial}
        onConfirm={(m) => {
          onConfirm(m);
          onOpenChange(false);
        }}
      />
    </AppDialog>
  );
}

function PhoneForm({ initial, onConfirm }: { initial: string; onConfirm: (mobile: string) => void }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZPhoneForm),
    defaultValues: { mobile: digitsOnly(initial) },
  });
  const error = formState.errors.mobile?.message;
  const field = register('mobile');
  return (
    <DialogForm
      onSubmit={handleSubmit((v) => onConfirm(v.mobile))}
      footer={
        <>
          <DialogClose className={buttonSecondary}>Hủy</DialogClose>
          <button type="submit" className={buttonPrimary}>
            Xác nhận
          </button>
        </>
      }
    >
      <Field id="phone-dialog-mobile" label="Số điện thoại di động" error={error}>
        <input
          {...field}
          {...fieldAria('phone-dialog-mobile', error)}
          onChange={(e) => {
            e.target.value = digitsOnly(e.target.value);
            return field.onChange(e);
          }}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          placeholder="VD: 0912345678"
          className={inputClass}
        />
      </Field>
    </DialogForm>
  );
}
