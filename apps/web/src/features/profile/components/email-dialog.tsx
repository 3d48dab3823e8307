import { ZEmailDialog } from '@giot-hong/contract';
import { z } from 'zod';
import type { ProfileDialogProps } from './profile-dialog';
import { TextFieldDialog, type TextField } from './text-field-dialog';

const emailField: TextField = {
  name: 'email',
  id: 'email-dialog-email',
  label: 'Địa chỉ email',
  schema: z.string().trim().pipe(ZEmailDialog),
  required: true,
  input: {
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: 50,
    placeholder: 'VD: ten@example.com',
  },
};

/** E-mail dialog: the address is trimmed, then must be a valid e-mail. */
export function EmailDialog(props: ProfileDialogProps<string, string>) {
  return <TextFieldDialog {...props} title="Email" field={emailField} />;
}
