import type { TNewsSummary } from '@giot-hong/contract';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatLongDate } from '../lib/format-news-date';
import { NewsTag } from './news-tag';
import { NewsThumbnail } from './news-thumbnail';

/**
 * A card of the news grid; the whole card is the link to the item. The first cards are on screen
 * when the list opens (`eager`); the very first is the page's largest picture (`priority`).
 */
export function NewsCard({
  item,
  eager = false,
  priority = false,
}: {
  item: TNewsSummary;
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <NewsThumbnail src={item.thumbnailUrl} alt="" eager={eager} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <NewsTag />
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden className="size-4" />
            <time dateTime={item.createdAt}>{formatLongDate(item.createdAt)}</time>
          </span>
        </div>
        <h2 className="text-lg font-semibold leading-snug text-slate-900 group-hover:text-brand-700">
          {/* The link covers the card (after:inset-0) so a click anywhere opens the item. */}
          <Link
            to={paths.newsDetail(item.id)}
            className="after:absolute after:inset-0 focus-visible:outline-none after:rounded-2xl focus-visible:after:outline-3 focus-visible:after:outline-brand-600"
          >
            {item.title}
          </Link>
        </h2>
      </div>
    </article>
  );
}
