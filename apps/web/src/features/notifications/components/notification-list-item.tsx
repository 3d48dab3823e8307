import { NOTIFICATION_CUTS, type TNotification } from '@giot-hong/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useToggleNotification } from '../api/toggle-notification';
import { formatNotificationDate } from '../lib/format-notification-date';
import { cutText } from '../lib/truncate-html';
import { NotificationHtml } from './notification-html';
import { NotificationItemMenu } from './notification-item-menu';
import { NotificationTypeBadge } from './notification-type-badge';

/**
 * One notification in the panel (compact: title cut at 50, content at 80 when over 100) or on the
 * page (card: whole title, content cut at 100). Opening it goes to /thong-bao/{id} and marks it
 * read; `onOpen` lets the panel close itself.
 */
export function NotificationListItem({
  notification: n,
  variant,
  onOpen,
}: {
  notification: TNotification;
  variant: 'panel' | 'page';
  onOpen?: () => void;
}) {
  const toggle = useToggleNotification();
  const unread = !n.status;
  const panel = variant === 'panel';
  return (
    <li
      data-unread={unread}
      className={`flex items-start gap-1 ${
        panel ? 'px-3 py-3' : 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'
      } ${unread ? (panel ? 'bg-brand-50/60' : 'border-brand-200') : ''}`}
    >
      <Link
        to={paths.notificationDetail(n.id)}
        onClick={() => {
          if (unread) toggle.mutate({ id: n.id, status: true });
          onOpen?.();
        }}
        className="min-w-0 flex-1 rounded-lg px-1 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <NotificationTypeBadge type={n.type} />
          <time dateTime={n.created}>{formatNotificationDate(n.created)}</time>
          {unread && (
            <>
              <span aria-hidden className="size-2 rounded-full bg-brand-600" data-testid="unread-dot" />
              <span className="sr-only">Chưa đọc</span>
            </>
          )}
        </span>
        <span
          className={`mt-1 block text-slate-900 ${unread ? 'font-semibold' : 'font-medium'} ${panel ? 'text-sm' : 'text-base'}`}
        >
          {panel ? cutText(n.title, NOTIFICATION_CUTS.panelTitle) : n.title}
        </span>
        <div className="mt-1">
          <NotificationHtml
            html={n.content}
            preview={
              panel
                ? { cut: NOTIFICATION_CUTS.panelContent, threshold: NOTIFICATION_CUTS.panelContentThreshold }
                : { cut: NOTIFICATION_CUTS.pageContent }
            }
          />
        </div>
      </Link>
      <NotificationItemMenu notification={n} />
    </li>
  );
}
