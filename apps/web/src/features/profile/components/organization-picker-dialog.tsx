import { PROFILE_MESSAGES, type TOrganization } from '@giot-hong/contract';
import { organizationsQueryOptions } from '../api/get-organizations';
import { PickerDialog } from './picker-dialog';
import type { ProfileDialogProps } from './profile-dialog';

/** The organizations could not be loaded. */
export const ORGANIZATIONS_LOAD_FAILED = 'Không thể tải danh sách tổ chức';

/** Organization picker: 'Tự do' first, then the organizations; confirming needs a selection. */
export function OrganizationPickerDialog(props: ProfileDialogProps<number | null, TOrganization>) {
  return (
    <PickerDialog
      {...props}
      title="Tổ chức"
      name="organization"
      query={organizationsQueryOptions()}
      loadErrorMessage={ORGANIZATIONS_LOAD_FAILED}
      toOption={(o) => ({ value: o.id, label: o.name })}
      choose={(id, organizations) => organizations.find((o) => o.id === id)}
      requiredMessage={PROFILE_MESSAGES.organizationRequired}
    />
  );
}
