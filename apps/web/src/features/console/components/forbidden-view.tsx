import { FORBIDDEN_TEXTS as T } from '@giot-hong/contract';
import { Link, useNavigate } from 'react-router';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { authStore } from '../../../lib/auth-store';
import { consolePaths, paths, withQuery } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { isStaffRole, useMe } from '../../auth/api/get-me';

/**
 * 403. A logged-in account without a staff role opened the console: a page of its own, outside the
 * console's frame. A staff member opened an ADMIN page: inside the frame (the rest of the console
 * is theirs), saying the page is for 'Quản trị viên' — not that the console is for staff.
 */
export function ForbiddenView({ from }: { from: string }) {
  usePageTitle(T.title);
  const me = useMe();
  const navigate = useNavigate();
  const switchAccount = () => {
    authStore.logout();
    navigate(withQuery(paths.login, { redirect: from }), { replace: true });
  };
  const staff = me.data ? isStaffRole(me.data.role) : false;
  const body = (
    <section className="flex max-w-xl flex-col items-center gap-4 text-center">
      <p className="text-7xl font-bold text-brand-600" aria-hidden>
        403
      </p>
      <h1 className="text-2xl font-semibold text-slate-900">{T.title}</h1>
      <p className="text-slate-700">{staff ? T.adminOnly : T.staffOnly}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {staff ? (
          <Link to={consolePaths.home} className={buttonPrimary}>
            {T.backToConsole}
          </Link>
        ) : (
          <Link to={paths.home} className={buttonPrimary}>
            Về trang chủ
          </Link>
        )}
        <button type="button" className={buttonSecondary} onClick={switchAccount}>
          Đăng nhập bằng tài khoản khác
        </button>
      </div>
    </section>
  );
  return staff ? (
    <div className="flex justify-center px-4 py-12">{body}</div>
  ) : (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-16">
      {body}
    </main>
  );
}
