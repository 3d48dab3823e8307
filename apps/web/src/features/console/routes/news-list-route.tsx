import { NEWS_STATE_LABELS } from '@giot-hong/contract';
import { Newspaper, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonPrimary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminNewsList } from '../api/get-admin-news-list';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading, cardClass } from '../components/console-ui';
import { SearchField } from '../../../components/ui/search-field';
import { formatVnDateTime } from '../../../lib/vn-time';

/** /quan-tri/tin-tuc: every news item (drafts, scheduled, published). */
export function Component() {
  usePageTitle('Tin tức');
  const [search, setSearch] = useState('');
  const list = useAdminNewsList(search.trim());
  return (
    <>
      <PageHeading title="Tin tức" sub="Bản nháp, tin hẹn giờ và tin đã đăng.">
        <Link to={consolePaths.newsNew} className={buttonPrimary}>
          <Plus aria-hidden className="size-5" />
          Viết tin mới
        </Link>
      </PageHeading>
      <div className="mb-4">
        <SearchField
          id="news-search"
          label="Tìm tin tức"
          placeholder="Tiêu đề hoặc nội dung"
          value={search}
          onChange={setSearch}
        />
      </div>
      {list.isPending ? (
        <LoadingView />
      ) : list.isError ? (
        <ConsoleErrorView onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyView title="Chưa có tin tức nào" icon={Newspaper} />
      ) : (
        <ul className="grid gap-3">
          {list.data.map((n) => (
            <li key={n.id} className={`${cardClass} flex flex-wrap items-center justify-between gap-2`}>
              <div className="min-w-0">
                <Link
                  to={consolePaths.newsEdit(n.id)}
                  className="font-semibold break-words text-brand-700 underline"
                >
                  {n.title}
                </Link>
                <p className="text-sm text-slate-700">
                  {NEWS_STATE_LABELS[n.state]} · {formatVnDateTime(n.publishAt)}
                  {n.notifiedAt ? ' · Đã báo người hiến máu' : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
