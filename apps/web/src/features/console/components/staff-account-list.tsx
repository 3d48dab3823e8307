import {
  STAFF_PERMISSION_LABELS,
  STAFF_PERMISSION_TEXTS as P,
  STAFF_STATE_LABELS,
  type TAdminStaffMember,
  type TStaffAccountState,
  type TStaffPermission,
  type TStaffRole,
} from '@giot-hong/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { LoadingView } from '../../../components/ui/loading-view';
import { Modal } from '../../../components/ui/modal';
import { useDeactivateStaff } from '../api/deactivate-staff';
import { useStaff } from '../api/get-staff';
import { useReactivateStaff } from '../api/reactivate-staff';
import { useResendInvitation } from '../api/resend-invitation';
import { useResetSecondFactor } from '../api/reset-second-factor';
import { useSetStaffPermissions } from '../api/set-staff-permissions';
import { useSetStaffRole } from '../api/set-staff-role';
import { ConsoleErrorView } from './console-error-view';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { formatVnDateTime } from '../../../lib/vn-time';
import { errorMessage } from '../../../lib/api-errors';

/** The two staff roles as the console names them (the role picker of the list and of the invitation). */
export const ROLE_LABELS: Record<TStaffRole, string> = { STAFF: 'Cán bộ', ADMIN: 'Quản trị viên' };
const STATE_TONES: Record<TStaffAccountState, string> = {
  invited: 'bg-amber-100 text-amber-900',
  active: 'bg-green-100 text-green-900',
  locked: 'bg-slate-200 text-slate-800',
};
/** A refused change: the server's message, or this page's own generic sentence. */
const failed = (err: unknown) => toast.error(errorMessage(err, 'Đã có lỗi xảy ra. Vui lòng thử lại sau.'));

/**
 * Every change of an account asks first, naming what will happen: a role or a permission (what the
 * person may do changes at once), locking (their sessions end), unlocking, and resetting the second factor (their
 * sessions end, and their next login sets up a new authenticator).
 */
type Confirmation =
  | { kind: 'deactivate' | 'reactivate' | 'reset-second-factor'; member: TAdminStaffMember }
  | { kind: 'role'; member: TAdminStaffMember; role: TStaffRole }
  | { kind: 'permission'; member: TAdminStaffMember; permission: TStaffPermission; grant: boolean };

/** The member's permissions (a server that predates them sends none). */
const permissionsOf = (m: TAdminStaffMember): TStaffPermission[] => m.permissions ?? [];

/** Granting or withdrawing a permission: the question names it, the person and what it opens. */
function permissionConfirmation(c: Extract<Confirmation, { kind: 'permission' }>) {
  const label = STAFF_PERMISSION_LABELS[c.permission];
  return c.grant
    ? { title: P.grantTitle(label, c.member.username), action: P.grant, text: P.grantBody }
    : { title: P.withdrawTitle(label, c.member.username), action: P.withdraw, text: P.withdrawBody };
}

/** Title, action and words of a confirmation. */
function confirmationOf(c: Confirmation) {
  if (c.kind === 'permission') return permissionConfirmation(c);
  const k = CONFIRMATIONS[c.kind];
  return {
    title: k.title,
    action: k.action,
    text: k.text(c.member.username, c.kind === 'role' ? c.role : undefined),
  };
}
const ROLE_POWERS: Record<TStaffRole, string> = {
  STAFF: 'chạy chiến dịch, ngày hiến máu, duyệt căn cước và hồ sơ người hiến máu',
  ADMIN: 'mọi việc của cán bộ, thêm quản lý tài khoản cán bộ và đọc nhật ký thao tác',
};
const CONFIRMATIONS = {
  role: {
    title: 'Đổi vai trò',
    action: 'Đổi vai trò',
    text: (username: string, role?: TStaffRole) => (
      <>
        Đổi vai trò của <strong>{username}</strong> thành <strong>{role ? ROLE_LABELS[role] : ''}</strong>? Có
        hiệu lực ngay: {role ? ROLE_POWERS[role] : ''}.
      </>
    ),
  },
  reactivate: {
    title: 'Mở khóa tài khoản',
    action: 'Mở khóa',
    text: (username: string) => (
      <>
        Mở khóa tài khoản <strong>{username}</strong>? Cán bộ đăng nhập lại được bằng mật khẩu và xác thực hai
        lớp của mình.
      </>
    ),
  },
  deactivate: {
    title: 'Khóa tài khoản',
    action: 'Khóa tài khoản',
    text: (username: string) => (
      <>
        Khóa tài khoản <strong>{username}</strong>? Mọi phiên đăng nhập của tài khoản kết thúc ngay.
      </>
    ),
  },
  'reset-second-factor': {
    title: 'Đặt lại xác thực hai lớp',
    action: 'Đặt lại',
    text: (username: string) => (
      <>
        Đặt lại xác thực hai lớp của <strong>{username}</strong>? Ứng dụng xác thực và các mã khôi phục hiện
        tại không còn dùng được, mọi phiên đăng nhập kết thúc ngay; lần đăng nhập tới, cán bộ thiết lập lại.
        Chỉ làm khi đã xác minh đúng người yêu cầu (ví dụ gọi điện lại).
      </>
    ),
  },
} as const;

/**
 * The staff accounts, each with its state, last login and second factor, and the changes an admin
 * may make to it. `myId`: the signed-in admin, who cannot demote, lock or reset themself.
 */
export function StaffAccountList({ myId }: { myId?: number }) {
  const staff = useStaff();
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const deactivate = useDeactivateStaff();
  const reactivate = useReactivateStaff();
  const resetSecondFactor = useResetSecondFactor();
  const resendInvitation = useResendInvitation();
  const setRole = useSetStaffRole();
  const setPermissions = useSetStaffPermissions();
  const confirming =
    deactivate.isPending ||
    reactivate.isPending ||
    resetSecondFactor.isPending ||
    setRole.isPending ||
    setPermissions.isPending;
  const shown = confirm ? confirmationOf(confirm) : null;
  const feedback = {
    onSuccess: (r: { message: string }) => {
      toast.success(r.message);
      setConfirm(null);
    },
    onError: failed,
  };
  return (
    <>
      {staff.isPending ? (
        <LoadingView />
      ) : staff.isError ? (
        <ConsoleErrorView onRetry={() => staff.refetch()} />
      ) : (
        <ul className="mt-4 grid gap-3" aria-label="Danh sách tài khoản">
          {staff.data.map((m) => {
            const isMe = m.id === myId;
            return (
              <li key={m.id} className={`${cardClass} grid gap-2 sm:grid-cols-[1fr_auto] sm:items-center`}>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                    {m.username}
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATE_TONES[m.state]}`}
                      data-staff-state={m.state}
                    >
                      {STAFF_STATE_LABELS[m.state]}
                    </span>
                  </p>
                  <p className="text-sm break-words text-slate-700">{m.email}</p>
                  <p className="text-sm text-slate-700">
                    Đăng nhập lần cuối: {m.lastLoginAt ? formatVnDateTime(m.lastLoginAt) : 'chưa đăng nhập'}
                  </p>
                  <p className="text-sm text-slate-700">
                    Xác thực hai lớp: {m.secondFactor ? 'đã thiết lập' : 'chưa thiết lập'}
                  </p>
                  {m.role === 'ADMIN' ? (
                    <p className="text-sm text-slate-700">{P.adminHasAll}</p>
                  ) : (
                    (['RESULT_COUNSELLING'] as const).map((permission) => {
                      const has = permissionsOf(m).includes(permission);
                      return (
                        <label
                          key={permission}
                          className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800"
                        >
                          <input
                            type="checkbox"
                            role="switch"
                            className="size-5 accent-brand-600"
                            checked={has}
                            disabled={setPermissions.isPending}
                            data-permission={permission}
                            onChange={() =>
                              setConfirm({ kind: 'permission', member: m, permission, grant: !has })
                            }
                          />
                          {P.toggle(STAFF_PERMISSION_LABELS[permission])}
                          <span className="sr-only">: {m.username}</span>
                        </label>
                      );
                    })
                  )}
                </div>
                <div className="flex flex-wrap items-end gap-2">
                  <div>
                    <label htmlFor={`role-${m.id}`} className="mb-1 block text-sm text-slate-700">
                      Vai trò
                    </label>
                    <select
                      id={`role-${m.id}`}
                      value={m.role}
                      disabled={isMe || !m.enabled || setRole.isPending}
                      onChange={(e) =>
                        setConfirm({ kind: 'role', member: m, role: e.target.value as TStaffRole })
                      }
                      className={`${inputClass} min-h-11`}
                    >
                      {Object.entries(ROLE_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </div>
                  {m.state === 'invited' && (
                    <button
                      type="button"
                      className={buttonSecondary}
                      disabled={resendInvitation.isPending}
                      onClick={() =>
                        resendInvitation.mutate(m.id, {
                          onSuccess: (r) => toast.success(r.message),
                          onError: (err) => failed(err),
                        })
                      }
                    >
                      Gửi lại lời mời
                    </button>
                  )}
                  {m.enabled && m.secondFactor && !isMe && (
                    <button
                      type="button"
                      className={buttonSecondary}
                      onClick={() => setConfirm({ kind: 'reset-second-factor', member: m })}
                    >
                      Đặt lại xác thực hai lớp
                    </button>
                  )}
                  {m.enabled && !isMe && (
                    <button
                      type="button"
                      className={buttonDanger}
                      onClick={() => setConfirm({ kind: 'deactivate', member: m })}
                    >
                      Khóa tài khoản
                    </button>
                  )}
                  {!m.enabled && (
                    <button
                      type="button"
                      className={buttonSecondary}
                      onClick={() => setConfirm({ kind: 'reactivate', member: m })}
                    >
                      Mở khóa
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Modal
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={shown?.title ?? ''}
        description={shown?.text}
        footer={
          <>
            <button type="button" className={buttonSecondary} onClick={() => setConfirm(null)}>
              Không
            </button>
            <button
              type="button"
              className={buttonPrimary}
              disabled={confirming}
              onClick={() => {
                if (confirm?.kind === 'deactivate') deactivate.mutate(confirm.member.id, feedback);
                if (confirm?.kind === 'reactivate') reactivate.mutate(confirm.member.id, feedback);
                if (confirm?.kind === 'role')
                  setRole.mutate({ id: confirm.member.id, role: confirm.role }, feedback);
                if (confirm?.kind === 'reset-second-factor')
                  resetSecondFactor.mutate(confirm.member.id, feedback);
                if (confirm?.kind === 'permission') {
                  const others = permissionsOf(confirm.member).filter((p) => p !== confirm.permission);
                  setPermissions.mutate(
                    {
                      id: confirm.member.id,
                      permissions: confirm.grant ? [...others, confirm.permission] : others,
                    },
                    feedback,
                  );
                }
              }}
            >
              {shown?.action ?? ''}
            </button>
          </>
        }
      />
    </>
  );
}
