import { IDENTITY_FIELD_LABELS, type TIdentityField } from '@giot-hong/contract';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonPrimary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useIdentityReviews } from '../api/get-identity-reviews';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, PageHeading } from '../components/console-ui';
import { formatShortTime } from '../lib/console-format';

const fieldNames = (fields: string[]) =>
  fields.map((f) => IDENTITY_FIELD_LABELS[f as TIdentityField] ?? f).join(', ');

/** /quan-tri/xac-thuc: ID cards waiting for staff, oldest first, with why the reading was not trusted. */
export function Component() {
  usePageTitle('Duyệt xác thực căn cước');
  const list = useIdentityReviews();
  return (
    <>
      <PageHeading title="Duyệt xác thực căn cước" sub="Hồ sơ chờ duyệt, cũ nhất trước" />
      <section aria-label="Hồ sơ chờ duyệt" aria-busy={list.isFetching}>
        {list.isPending ? (
          <LoadingView />
        ) : list.isError ? (
          <ConsoleErrorView onRetry={() => list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyView title="Không có hồ sơ nào chờ duyệt" icon={BadgeCheck} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {list.data.map((r) => (
              <li key={r.extractId} className={`${cardClass} flex flex-col gap-2`}>
                <h2 className="text-lg font-semibold break-words text-slate-900">
                  {r.fullName ?? r.username}
                </h2>
                <p className="text-slate-700">
                  Tài khoản: {r.username} · Chờ từ {formatShortTime(r.waitingSince)}
                </p>
                {r.kind === 'DISPUTE' ? (
                  <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
                    Tranh chấp: số căn cước đã được xác thực cho tài khoản khác
                  </p>
                ) : (
                  <ul className="text-sm text-slate-800">
                    {r.disagreements.length > 0 && <li>Hai mặt không khớp: {fieldNames(r.disagreements)}</li>}
                    {r.unsure.length > 0 && <li>Đọc chưa chắc chắn: {fieldNames(r.unsure)}</li>}
                  </ul>
                )}
                <div>
                  <Link to={consolePaths.identityReview(r.extractId)} className={buttonPrimary}>
                    Xem và duyệt
                    <span className="sr-only">: {r.fullName ?? r.username}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
