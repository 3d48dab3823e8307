import { consolePaths } from '../../../lib/paths';
import { Link } from 'react-router';
import { buttonPrimary } from '../../../components/ui/buttons';
import { usePageTitle } from '../../../lib/use-page-title';

export function Component() {
  usePageTitle('Không tìm thấy trang');
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Không tìm thấy trang</h1>
      <p className="text-slate-700">Trang bạn tìm không tồn tại trong trang quản trị.</p>
      <Link to={consolePaths.home} className={buttonPrimary}>
        Về danh sách chiến dịch
      </Link>
    </section>
  );
}
