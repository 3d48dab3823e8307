import { CalendarCheck, CalendarX2, MapPin, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminCampaigns, type TCampaignFilter } from '../api/get-admin-campaigns';
import { CancelCampaignDialog, type CampaignToCancel } from '../components/cancel-campaign-dialog';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, FilterButtons, PageHeading } from '../components/console-ui';
import { SearchField } from '../../../components/ui/search-field';
import { formatCampaignWindow } from '../lib/console-format';

const FILTERS: readonly { value: TCampaignFilter; label: string }[] = [
  { value: 'upcoming', label: 'Sắp diễn ra' },
  { value: 'past', label: 'Đã diễn ra' },
  { value: 'cancelled', label: 'Đã hủy' },
];

/** /quan-tri: every campaign by when it happens (or whether it was cancelled), with its numbers. */
export function Component() {
  usePageTitle('Chiến dịch hiến máu');
  const [filter, setFilter] = useState<TCampaignFilter>('upcoming');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useAdminCampaigns({ filter, search: debounced });
  const [toCancel, setToCancel] = useState<CampaignToCancel | null>(null);

  return (
    <>
      <PageHeading title="Chiến dịch hiến máu">
        <Link to={consolePaths.campaignNew} className={buttonPrimary}>
          <Plus aria-hidden className="size-5" />
          Tạo chiến dịch
        </Link>
      </PageHeading>
      <div className="mb-4 flex flex-col gap-3">
        <FilterButtons
          label="Lọc chiến dịch"
          value={filter}
          onChange={setFilter}
          options={FILTERS.map((f) => ({ ...f, count: list.data ? list.data.counts[f.value] : null }))}
        />
        <SearchField
          id="campaign-search"
          label="Tìm chiến dịch"
          placeholder="Tên chiến dịch hoặc địa điểm"
          value={search}
          onChange={setSearch}
        />
      </div>
      <section aria-label="Danh sách chiến dịch" aria-busy={list.isFetching}>
        {list.isPending ? (
          <LoadingView />
        ) : list.isError ? (
          <ConsoleErrorView onRetry={() => list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyView title="Không có chiến dịch nào" icon={CalendarX2} />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {list.data.items.map((c) => (
              <li key={c.id} className={`${cardClass} flex flex-col gap-3`}>
                <div>
                  <h2 className="text-lg font-semibold break-words text-slate-900">{c.name}</h2>
                  <p className="text-slate-700">{formatCampaignWindow(c)}</p>
                  <p className="flex items-start gap-1 text-slate-700">
                    <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
                    <span className="break-words">{c.location}</span>
                  </p>
                </div>
                <dl className="grid grid-cols-3 gap-2 text-center text-sm">
                  <div className="rounded-lg bg-slate-50 p-2">
                    <dt className="text-slate-700">Đăng ký</dt>
                    <dd className="text-lg font-bold text-slate-900">{c.counts.registered}</dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-2">
                    <dt className="text-slate-700">Đã hiến</dt>
                    <dd className="text-lg font-bold text-slate-900">{c.counts.done}</dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-2">
                    <dt className="text-slate-700">Mục tiêu</dt>
                    <dd className="text-lg font-bold text-slate-900">{c.targetBloodUnits}</dd>
                  </div>
                </dl>
                {c.cancelledAt ? (
                  <p className="rounded-lg bg-slate-100 p-2 text-sm text-slate-800">
                    <strong>Đã hủy.</strong> Lý do: {c.cancelReason}
                  </p>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    <Link to={consolePaths.campaignDay(c.id)} className={buttonPrimary}>
                      <CalendarCheck aria-hidden className="size-5" />
                      Ngày hiến máu
                      <span className="sr-only">: {c.name}</span>
                    </Link>
                    <Link to={consolePaths.campaignEdit(c.id)} className={buttonSecondary}>
                      <Pencil aria-hidden className="size-4" />
                      Sửa
                      <span className="sr-only"> {c.name}</span>
                    </Link>
                    {filter === 'upcoming' && (
                      <button
                        type="button"
                        className={buttonDanger}
                        onClick={() => setToCancel({ id: c.id, name: c.name, booked: c.counts.booked })}
                      >
                        Hủy chiến dịch
                        <span className="sr-only"> {c.name}</span>
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <CancelCampaignDialog target={toCancel} onClose={() => setToCancel(null)} />
    </>
  );
}
