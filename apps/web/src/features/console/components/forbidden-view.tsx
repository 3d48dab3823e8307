import { Link, useNavigate } from 'react-router';
import { authStore } from '../../../lib/auth-store';
import { paths, withQuery } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';

/** 403: a logged-in account without a staff role opened the console. */
export function ForbiddenView({ from }: { from: string }) {
  usePageTitle('Không có quyền truy cập');
  const navigate = useNavigate();
  const switchAccount = () => {
    authStore.logout();
    navigate(withQuery(paths.login, { redirect: from }), { replace: true });
  };
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-16">
      <section className="flex max-w-xl flex-col items-center gap-4 text-center">
        <p className="text-7xl font-bold text-brand-600" aria-hidden>
          403
        </p>
        <h1 className="text-2xl font-semibold text-slate-900">Không có quyền truy cập</h1>
        <p className="text-slate-700">
          Trang quản trị chỉ dành cho cán bộ của Hội Chữ thập đỏ. Tài khoản của bạn không có quyền xem trang
          này.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.home} className={buttonPrimary}>
            Về trang chủ
          </Link>
          <button type="button" className={buttonSecondary} onClick={switchAccount}>
            Đăng nhập bằng tài khoản khác
          </button>
        </div>
      </section>
    </main>
  );
}
