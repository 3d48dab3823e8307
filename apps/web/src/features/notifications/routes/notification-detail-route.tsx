import { NOTIFICATION_TEXTS } from '@giot-hong/contract';
import { ArrowLeft, Clock, ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingView } from '../../../components/ui/loading-view';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNotification } from '../api/get-notification';
import { useToggleNotification } from '../api/toggle-notification';
import { NotificationHtml } from '../components/notification-html';
import { NotificationTypeBadge } from '../components/notification-type-badge';
import { formatNotificationDate } from '../lib/format-notification-date';

const LINK_CLASS =
  'inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** 'Xem thêm chi tiết': a page of the portal in the app, any other http(s) address in a new tab. */
function MoreDetails({ link }: { link: string }) {
  if (/^\/(?![/\\])/.test(link)) {
    return (
      <Link to={link} className={LINK_CLASS}>
        {NOTIFICATION_TEXTS.moreDetails}
      </Link>
    );
  }
  if (!/^https?:\/\//i.test(link)) return null;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
      {NOTIFICATION_TEXTS.moreDetails}
      <ExternalLink aria-hidden className="size-4" />
      <span className="sr-only">(mở trong thẻ mới)</span>
    </a>
  );
}

/** /thong-bao/{id}: date, type, title, HTML content, optional link; opening it marks it read. */
export function Component() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const navigate = useNavigate();
  const notification = useNotification(id);
  const { mutate: markRead } = useToggleNotification();
  const validId = Number.isSafeInteger(id) && id > 0;
  usePageTitle(notification.data?.title ?? 'Thông báo');

  // Opening a notification marks it read, also when the address was typed or shared.
  const marked = useRef<number | null>(null);
  const data = notification.data;
  useEffect(() => {
    if (data && !data.status && marked.current !== data.id) {
      marked.current = data.id;
      markRead({ id: data.id, status: true });
    }
  }, [data, markRead]);

  if (!validId || notification.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{NOTIFICATION_TEXTS.loadFailed}</h1>
        <button
          type="button"
          // Back where the donor came from; to the list when this page was opened directly.
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.notifications))}
          className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-5 py-2.5 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Quay lại
        </button>
      </div>
    );
  }
  if (notification.isPending) return <LoadingView />;

  const n = notification.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <Link
        to={paths.notifications}
        className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Tất cả thông báo
      </Link>
      <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <NotificationTypeBadge type={n.type} />
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden className="size-4" />
            <time dateTime={n.created}>{formatNotificationDate(n.created)}</time>
          </span>
        </div>
        <h1 className="mt-3 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{n.title}</h1>
        <div className="mt-5">
          <NotificationHtml html={n.content} />
        </div>
        {n.link && (
          <div className="mt-6">
            <MoreDetails link={n.link} />
          </div>
        )}
      </article>
    </div>
  );
}
