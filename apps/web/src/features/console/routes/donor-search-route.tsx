import { DONOR_SEARCH_CARD_HINT, donorStatusStaffLabel } from '@giot-hong/contract';
import { UserSearch } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminDonors } from '../api/get-admin-donors';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, PageHeading } from '../components/console-ui';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';

/** /quan-tri/nguoi-hien-mau: donor search; ID numbers and birth dates masked. */
export function Component() {
  usePageTitle('Người hiến máu');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useAdminDonors(debounced, page);
  const tooShort = debounced.length === 1;
  return (
    <>
      <PageHeading title="Người hiến máu" />
      <div className="mb-4">
        <SearchField
          id="donor-search"
          label="Tìm người hiến máu"
          placeholder="Họ tên, tên đăng nhập, e-mail hoặc số điện thoại"
          hint={DONOR_SEARCH_CARD_HINT}
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
        />
        {tooShort && <p className="mt-1 text-sm text-slate-700">Vui lòng nhập ít nhất 2 ký tự</p>}
      </div>
      <section aria-label="Kết quả tìm kiếm" aria-busy={list.isFetching}>
        {list.isPending ? (
          tooShort ? null : (
            <LoadingView />
          )
        ) : list.isError ? (
          <ConsoleErrorView onRetry={() => list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <EmptyView title="Không tìm thấy người hiến máu" icon={UserSearch} />
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
              {list.data.data.map((d) => (
                <li key={d.id} className={`${cardClass} flex flex-col gap-1`}>
                  <h2 className="text-lg font-semibold break-words text-slate-900">
                    <Link to={consolePaths.donor(d.id)} className="underline">
                      {d.fullName ?? d.username}
                    </Link>
                  </h2>
                  <p className="break-words text-slate-700">
                    {d.username} · {d.email}
                  </p>
                  <p className="text-slate-700">
                    {[d.mobile, d.cardId && `CCCD ${d.cardId}`, d.dob && `Ngày sinh ${d.dob}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="text-sm font-medium text-slate-800">
                    {donorStatusStaffLabel(d.status, d.reviewOutcome)}
                  </p>
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={list.data.totalPages} onPageChange={setPage} />
          </>
        )}
      </section>
    </>
  );
}
