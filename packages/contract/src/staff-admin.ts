import { z } from 'zod';
import { ZEmail, ZUsername } from './auth.ts';
import { ZEnvelope } from './envelope.ts';
import { STAFF_PERMISSIONS } from './blood-centre.ts';

/*
 * Staff accounts (ADMIN only): inviting a staff member, changing a role, locking and unlocking an
 * account, resending an invitation and resetting the second factor. Paths, request schemas, the
 * Vietnamese messages and the account as the staff accounts page lists it.
 */

export const ADMIN_STAFF_API = {
  list: '/api/admin/staff',
  invite: '/api/admin/staff/invite',
  role: (id: number | string) => `/api/admin/staff/${id}/role`,
  deactivate: (id: number | string) => `/api/admin/staff/${id}/deactivate`,
  /** Unlocks a locked account: it may log in again (its old sessions stay ended). */
  reactivate: (id: number | string) => `/api/admin/staff/${id}/reactivate`,
  /** A new set-password link for an account still invited (the old one stops working). */
  invitation: (id: number | string) => `/api/admin/staff/${id}/invitation`,
  /** Forgets the account's authenticator and recovery codes: it enrols again at its next login. */
  resetSecondFactor: (id: number | string) => `/api/admin/staff/${id}/second-factor/reset`,
} as const;

export const STAFF_MESSAGES = {
  invited: 'Đã gửi thư mời đặt mật khẩu',
  /** A still-invited account invited again, or its invitation resent: a new link, the old one is void. */
  reinvited: 'Đã gửi lại thư mời. Liên kết trong thư mời trước không còn dùng được.',
  roleChanged: 'Đã đổi vai trò',
  permissionsSaved: 'Đã lưu quyền của cán bộ',
  deactivated: 'Đã khóa tài khoản, mọi phiên đăng nhập của tài khoản đã kết thúc',
  reactivated: 'Đã mở khóa tài khoản, tài khoản có thể đăng nhập lại',
  notFound: 'Không tìm thấy tài khoản',
  /** Said to an ADMIN only: a sign-up never tells whether an e-mail is taken. */
  emailTaken: 'Email đã được sử dụng',
  notSelf: 'Không thể đổi vai trò hoặc khóa chính tài khoản của bạn',
  /** Demoting or locking the last ADMIN who can log in would leave nobody to manage staff. */
  lastAdmin: 'Không thể hạ vai trò hoặc khóa quản trị viên cuối cùng đang hoạt động',
  /** Resending an invitation to an account whose password is already set. */
  notInvited: 'Tài khoản này đã đặt mật khẩu, không còn lời mời nào để gửi lại',
  /** Subject of the set-password mail. */
  inviteSubject: 'Mời bạn tham gia quản trị Giọt Hồng',
} as const;

export const ZStaffRole = z.enum(['STAFF', 'ADMIN']);
export type TStaffRole = z.infer<typeof ZStaffRole>;
export const ZAdminStaffInviteRequest = z.object({ email: ZEmail, username: ZUsername, role: ZStaffRole });
export type TAdminStaffInviteRequest = z.infer<typeof ZAdminStaffInviteRequest>;
/** Roles on the staff accounts page are staff roles: a donor's account is never made staff there. */
export const ZAdminStaffRoleRequest = z.object({ role: ZStaffRole });

/**
 * `invited`: the set-password link was sent and not used yet (the account cannot log in);
 * `active`: the password is set; `locked`: deactivated by an ADMIN (whatever else).
 */
export const ZStaffAccountState = z.enum(['invited', 'active', 'locked']);
export type TStaffAccountState = z.infer<typeof ZStaffAccountState>;
export const STAFF_STATE_LABELS: Record<TStaffAccountState, string> = {
  invited: 'Đã mời',
  active: 'Đang hoạt động',
  locked: 'Đã khóa',
};

export const ZAdminStaffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: ZStaffRole,
  enabled: z.boolean(),
  state: ZStaffAccountState,
  /** Whether an authenticator app is enrolled (else the next login sets one up). */
  secondFactor: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** Permissions an ADMIN gave this account (an ADMIN has them all, whatever is listed). */
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});
export type TAdminStaffMember = z.infer<typeof ZAdminStaffMember>;
export const ZAdminStaffListResponse = ZEnvelope(z.array(ZAdminStaffMember));
export const ZAdminStaffMemberResponse = ZEnvelope(ZAdminStaffMember);
