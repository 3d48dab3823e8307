import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

export function Component() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-7xl font-bold text-brand-600">404</p>
      <h1 className="text-2xl font-semibold">Không tìm thấy trang</h1>
      <p className="text-slate-600">Trang bạn tìm không tồn tại hoặc đã được di chuyển.</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium hover:bg-slate-50"
        >
          Quay lại
        </button>
        <button
          type="button"
          onClick={() => navigate(paths.home)}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
        >
          Trang chủ
        </button>
      </div>
    </section>
  );
}
