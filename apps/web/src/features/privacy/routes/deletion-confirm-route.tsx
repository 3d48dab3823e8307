import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonDanger } from '../../../components/ui/buttons';
import { paths, profileTabs } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirmDeletion } from '../api/account-deletion';
import { errorMessage } from '../../../lib/api-errors';

/**
 * /xac-nhan-xoa-tai-khoan#token — where the deletion e-mail's link lands. The token is in the
 * fragment (never sent to a server by the browser); the donor confirms with a button, so a mail
 * scanner that opens links confirms nothing.
 */
export function Component() {
  usePageTitle('Xác nhận xóa tài khoản');
  const { hash } = useLocation();
  const [token] = useState(() => hash.replace(/^#/, ''));
  const confirm = useConfirmDeletion();
  const error = confirm.error ? errorMessage(confirm.error, 'Đã có lỗi xảy ra') : null;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Xác nhận xóa tài khoản</h1>
      {confirm.isSuccess ? (
        <p role="status" className="mb-4 text-slate-800">
          {confirm.data.message}
        </p>
      ) : (
        <>
          <p className="mb-4 text-slate-700">
            Khi xác nhận, các lịch hẹn sắp tới của bạn được hủy ngay và tài khoản sẽ bị xóa sau thời gian chờ.
            Trong thời gian đó bạn vẫn có thể hủy yêu cầu.
          </p>
          {error && (
            <p role="alert" className="mb-4 text-brand-700">
              {error}
            </p>
          )}
          <button
            type="button"
            className={buttonDanger}
            disabled={!token || confirm.isPending}
            onClick={() => confirm.mutate(token)}
          >
            Xác nhận xóa tài khoản
          </button>
        </>
      )}
      <p className="mt-6">
        <Link
          to={`${paths.profile}#${profileTabs.privacy}`}
          className="font-semibold text-brand-700 underline"
        >
          Về trang Quyền riêng tư
        </Link>
      </p>
    </div>
  );
}
