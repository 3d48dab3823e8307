import { NOTIFICATION_TEXTS, type TNotificationFilterKey } from '@giot-hong/contract';
import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { AppToaster } from '../../../components/ui/toaster';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNotificationPages } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationFilterTabs } from '../components/notification-filter-tabs';
import { NotificationListItem } from '../components/notification-list-item';
import { NotificationPreferences } from '../components/notification-preferences';

function NotificationPages({ filter }: { filter: TNotificationFilterKey }) {
  const pages = useNotificationPages(filter);
  if (pages.isPending) return <LoadingView />;
  if (pages.isError) {
    console.error(pages.error);
    return <p className="py-12 text-center text-slate-700">{NOTIFICATION_TEXTS.loadFailed}</p>;
  }
  const items = pages.data.pages.flatMap((p) => p.data);
  // A page's items can shift while more are loaded (a new notification arrives): show each once.
  const unique = items.filter((n, i) => items.findIndex((m) => m.id === n.id) === i);
  if (unique.length === 0) return <EmptyView title={NOTIFICATION_TEXTS.empty} />;
  return (
    <>
      <ul className="space-y-3">
        {unique.map((n) => (
          <NotificationListItem key={n.id} notification={n} variant="page" />
        ))}
      </ul>
      {pages.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
            className="rounded-lg border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            {pages.isFetchingNextPage ? 'Đang tải...' : 'Tải thêm'}
          </button>
        </div>
      )}
    </>
  );
}

/** /thong-bao: filters, cards, mark-all-read and 'load more', then which optional messages to get. */
export function Component() {
  usePageTitle('Thông báo');
  const [filter, setFilter] = useState<TNotificationFilterKey>('all');
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  return (
    // At least a screen tall: the footer stays below the first screen while the list loads (ADR 39).
    <div className="mx-auto min-h-dvh max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Thông báo</h1>
        <button
          type="button"
          onClick={() => markAll.mutate()}
          disabled={markAll.isPending || unread.data === 0}
          className="ml-auto inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-500 disabled:hover:bg-transparent"
        >
          <CheckCheck aria-hidden className="size-4" />
          Đánh dấu tất cả đã đọc
        </button>
      </div>
      <NotificationFilterTabs
        value={filter}
        onChange={setFilter}
        label="Lọc thông báo"
        listClassName="mb-4 pb-1"
      >
        <NotificationPages filter={filter} />
      </NotificationFilterTabs>
      <NotificationPreferences />
      <AppToaster />
    </div>
  );
}
