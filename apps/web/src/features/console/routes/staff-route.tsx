import { ZAdminStaffInviteRequest, type TAdminStaffMember } from '@giot-hong/contract';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { LoadingView } from '../../../components/ui/loading-view';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { Modal } from '../../appointments/components/ui';
import { useMe } from '../../auth/api/get-me';
import { useDeactivateStaff, useInviteStaff, useSetStaffRole, useStaff } from '../api/staff-accounts';
import { ConsoleErrorView } from '../components/console-error-view';
import { ForbiddenView } from '../components/forbidden-view';
import { PageHeading, cardClass, inputClass } from '../components/console-ui';
import { formatNewsTime } from '../lib/content-format';
import { consolePaths } from '../../../lib/paths';

const ROLE_LABELS = { STAFF: 'Cán bộ', ADMIN: 'Quản trị viên' } as const;
const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Đã có lỗi xảy ra. Vui lòng thử lại sau.';

/** /quan-tri/tai-khoan (ADMIN): staff accounts, last login, invite, role, deactivate. */
export function Component() {
  usePageTitle('Tài khoản cán bộ');
  const me = useMe();
  if (me.data && me.data.role !== 'ADMIN') return <ForbiddenView from={consolePaths.staff} />;
  return <StaffPage myId={me.data?.id} />;
}

function StaffPage({ myId }: { myId?: number }) {
  const staff = useStaff();
  const [confirm, setConfirm] = useState<TAdminStaffMember | null>(null);
  const deactivate = useDeactivateStaff();
  const setRole = useSetStaffRole();
  return (
    <>
      <PageHeading title="Tài khoản cán bộ" sub="Mời cán bộ, đổi vai trò, khóa tài khoản." />
      <InviteForm />
      {staff.isPending ? (
        <LoadingView />
      ) : staff.isError ? (
        <ConsoleErrorView onRetry={() => staff.refetch()} />
      ) : (
        <ul className="mt-4 grid gap-3" aria-label="Danh sách tài khoản">
          {staff.data.map((m) => (
            <li key={m.id} className={`${cardClass} grid gap-2 sm:grid-cols-[1fr_auto] sm:items-center`}>
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">
                  {m.username} {!m.enabled && <span className="text-sm text-brand-700">(đã khóa)</span>}
                </p>
                <p className="text-sm break-words text-slate-700">{m.email}</p>
                <p className="text-sm text-slate-700">
                  Đăng nhập lần cuối: {m.lastLoginAt ? formatNewsTime(m.lastLoginAt) : 'chưa đăng nhập'}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                <div>
                  <label htmlFor={`role-${m.id}`} className="mb-1 block text-sm text-slate-700">
                    Vai trò
                  </label>
                  <select
                    id={`role-${m.id}`}
                    value={m.role}
                    disabled={m.id === myId || !m.enabled || setRole.isPending}
                    onChange={(e) =>
                      setRole.mutate(
                        { id: m.id, role: e.target.value as 'STAFF' | 'ADMIN' },
                        {
                          onSuccess: (r) => toast.success(r.message),
                          onError: (err) => toast.error(errorText(err)),
                        },
                      )
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
                {m.enabled && m.id !== myId && (
                  <button type="button" className={buttonDanger} onClick={() => setConfirm(m)}>
                    Khóa tài khoản
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Khóa tài khoản"
        description={
          confirm && (
            <>
              Khóa tài khoản <strong>{confirm.username}</strong>? Mọi phiên đăng nhập của tài khoản kết thúc
              ngay.
            </>
          )
        }
        footer={
          <>
            <button type="button" className={buttonSecondary} onClick={() => setConfirm(null)}>
              Không
            </button>
            <button
              type="button"
              className={buttonPrimary}
              disabled={deactivate.isPending}
              onClick={() =>
                confirm &&
                deactivate.mutate(confirm.id, {
                  onSuccess: (r) => {
                    toast.success(r.message);
                    setConfirm(null);
                  },
                  onError: (err) => toast.error(errorText(err)),
                })
              }
            >
              Khóa tài khoản
            </button>
          </>
        }
      />
    </>
  );
}

function InviteForm() {
  const ids = { email: useId(), username: useId(), role: useId() };
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<'STAFF' | 'ADMIN'>('STAFF');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAdminStaffInviteRequest.safeParse({ email, username, role });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (r) => {
        toast.success(r.message);
        setEmail('');
        setUsername('');
      },
      onError: (err) => toast.error(errorText(err)),
    });
  };
  const err = (k: string, id: string) =>
    errors[k] ? (
      <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-brand-700">
        {errors[k]}
      </p>
    ) : null;
  return (
    <form
      onSubmit={submit}
      noValidate
      className={`${cardClass} grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-start`}
      aria-label="Mời cán bộ"
    >
      <div>
        <label htmlFor={ids.email} className="mb-1 block text-sm font-medium text-slate-700">
          Email
        </label>
        <input
          id={ids.email}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? `${ids.email}-error` : undefined}
          className={inputClass}
        />
        {err('email', ids.email)}
      </div>
      <div>
        <label htmlFor={ids.username} className="mb-1 block text-sm font-medium text-slate-700">
          Tên đăng nhập
        </label>
        <input
          id={ids.username}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={Boolean(errors.username)}
          aria-describedby={errors.username ? `${ids.username}-error` : undefined}
          className={inputClass}
        />
        {err('username', ids.username)}
      </div>
      <div>
        <label htmlFor={ids.role} className="mb-1 block text-sm font-medium text-slate-700">
          Vai trò
        </label>
        <select
          id={ids.role}
          value={role}
          onChange={(e) => setRole(e.target.value as 'STAFF' | 'ADMIN')}
          className={`${inputClass} min-h-11`}
        >
          {Object.entries(ROLE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${buttonPrimary} sm:mt-6`} disabled={invite.isPending}>
        Gửi lời mời
      </button>
    </form>
  );
}
