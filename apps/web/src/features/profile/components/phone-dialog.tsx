import { ZPhoneDialog } from '@giot-hong/contract';
import { digitsOnly } from '../lib/profile-format';
import type { ProfileDialogProps } from './profile-dialog';
import { TextFieldDialog, type TextField } from './text-field-dialog';

const mobileField: TextField = {
  name: 'mobile',
  id: 'phone-dialog-mobile',
  label: 'Số điện thoại di động',
  schema: ZPhoneDialog,
  required: true,
  filter: digitsOnly,
  input: {
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    maxLength: 10,
    placeholder: 'VD: 0912345678',
  },
};

/** Phone dialog: digits only, at most 10, a Vietnamese mobile number (03/05/07/08/09 + 8 digits). */
export function PhoneDialog(props: ProfileDialogProps<string, string>) {
  return <TextFieldDialog {...props} title="Số điện thoại" field={mobileField} />;
}
