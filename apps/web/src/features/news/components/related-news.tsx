import type { TNewsSummary } from '@giot-hong/contract';
import { Link } from 'react-router';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { paths } from '../../../lib/paths';
import { formatLongDate } from '../lib/format-news-date';
import { NewsThumbnail } from './news-thumbnail';

/** The sidebar of the detail page: up to 5 other items. */
export function RelatedNews({ items, isPending }: { items: TNewsSummary[] | undefined; isPending: boolean }) {
  return (
    <aside
      aria-labelledby="related-news-title"
      className="self-start rounded-2xl border border-slate-200 bg-white p-4 lg:sticky lg:top-20"
    >
      <h2 id="related-news-title" className="mb-3 text-lg font-semibold text-slate-900">
        Tin liên quan
      </h2>
      {isPending ? (
        <LoadingView />
      ) : !items?.length ? (
        <EmptyView />
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={paths.newsDetail(item.id)}
                className="group flex gap-3 rounded-lg py-3 hover:bg-slate-50"
              >
                <NewsThumbnail src={item.thumbnailUrl} alt="" className="w-28 shrink-0 rounded-lg" />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="line-clamp-3 text-sm font-medium leading-snug text-slate-900 group-hover:text-brand-700">
                    {item.title}
                  </span>
                  <time dateTime={item.createdAt} className="text-xs text-slate-600">
                    {formatLongDate(item.createdAt)}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
