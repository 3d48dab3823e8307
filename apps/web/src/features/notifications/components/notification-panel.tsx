import { NOTIFICATION_TEXTS, type TNotificationFilterKey } from '@giot-hong/contract';
import { CheckCheck, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { paths } from '../../../lib/paths';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationFilterTabs } from './notification-filter-tabs';
import { NotificationListItem } from './notification-list-item';

function PanelList({ filter, onOpen }: { filter: TNotificationFilterKey; onOpen: () => void }) {
  const list = useNotifications(filter);
  if (list.isPending) return <LoadingView />;
  if (list.isError) {
    console.error(list.error);
    return <p className="px-4 py-10 text-center text-slate-700">{NOTIFICATION_TEXTS.loadFailed}</p>;
  }
  if (list.data.data.length === 0) return <EmptyView title={NOTIFICATION_TEXTS.empty} />;
  return (
    <ul className="divide-y divide-slate-100">
      {list.data.data.map((n) => (
        <NotificationListItem key={n.id} notification={n} variant="panel" onOpen={onOpen} />
      ))}
    </ul>
  );
}

/**
 * The notification panel opened from the bell: a modal dialog under the header
 * (focus stays inside, Escape or a click outside closes it), tabs, the first 10 of the chosen
 * tab, mark-all-read and a way to the full page. Loaded on the first open, as its own chunk.
 *
 * `onClose(refocus)`: true when the donor dismissed it (focus goes back to the bell), false
 * when an item or 'Xem tất cả thông báo' was chosen (the next page takes over).
 */
export function NotificationPanel({
  onClose,
  onCloseAutoFocus,
}: {
  onClose: (refocus: boolean) => void;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const [filter, setFilter] = useState<TNotificationFilterKey>('all');
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const navigateAway = () => onClose(false);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(true)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/25" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-9rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:left-auto sm:right-4 sm:w-[26rem] lg:max-h-[calc(100dvh-5.5rem)]"
        >
          {/* Below sm the panel is too narrow for all three on one line: the title and the close
              button share the first, 'Đánh dấu tất cả đã đọc' takes the second (none wraps). */}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-100 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold whitespace-nowrap text-slate-900">
              Thông báo
            </Dialog.Title>
            <div className="order-last basis-full sm:order-none sm:ml-auto sm:basis-auto">
              <button
                type="button"
                onClick={() => markAll.mutate()}
                disabled={markAll.isPending || unread.data === 0}
                className="-ml-2 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-500 disabled:hover:bg-transparent sm:ml-0"
              >
                <CheckCheck aria-hidden className="size-4" />
                Đánh dấu tất cả đã đọc
              </button>
            </div>
            <Dialog.Close className="ml-auto grid size-9 place-items-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:ml-0">
              <X aria-hidden className="size-5" />
              <span className="sr-only">Đóng</span>
            </Dialog.Close>
          </div>
          <NotificationFilterTabs
            value={filter}
            onChange={setFilter}
            label="Lọc thông báo"
            listClassName="border-b border-slate-100 px-3 py-2"
          >
            <div className="h-full max-h-full overflow-y-auto overscroll-contain">
              <PanelList filter={filter} onOpen={navigateAway} />
            </div>
          </NotificationFilterTabs>
          <div className="border-t border-slate-100 p-2">
            <Link
              to={paths.notifications}
              onClick={navigateAway}
              className="block rounded-lg px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {NOTIFICATION_TEXTS.viewAll}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
