import { InviteStaffForm } from '../components/invite-staff-form';
import { StaffAccountList } from '../components/staff-account-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../auth/api/get-me';
import { PageHeading } from '../components/console-ui';

/** /quan-tri/tai-khoan (ADMIN, by the route table's RoleGuard): staff accounts, state, last login, invite, role, second factor, deactivate. */
export function Component() {
  usePageTitle('Tài khoản cán bộ');
  const me = useMe();
  return (
    <>
      <PageHeading
        title="Tài khoản cán bộ"
        sub="Mời cán bộ, đổi vai trò, đặt lại xác thực hai lớp, khóa tài khoản."
      />
      <InviteStaffForm />
      <StaffAccountList myId={me.data?.id} />
    </>
  );
}
