import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/** Page numbers to show: first, last, and the neighbours of the current page, with gaps. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

const base = 'grid h-10 min-w-10 place-items-center rounded-lg px-3 text-sm font-medium';

/** Paging of the news list (pages from 1 in the URL); `hrefFor` builds the link of a page. */
export function NewsPagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Phân trang" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${base} gap-1 text-slate-700 hover:bg-slate-100`}>
          <span className="flex items-center gap-1">
            <ChevronLeft aria-hidden className="size-4" /> Trước
          </span>
        </Link>
      ) : null}
      {pageWindow(page, totalPages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-label={`Trang ${p}`}
            aria-current={p === page ? 'page' : undefined}
            className={`${base} ${p === page ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={`${base} text-slate-700 hover:bg-slate-100`}>
          <span className="flex items-center gap-1">
            Sau <ChevronRight aria-hidden className="size-4" />
          </span>
        </Link>
      ) : null}
    </nav>
  );
}
