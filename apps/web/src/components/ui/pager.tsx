import { buttonSecondary } from './buttons';

/**
 * Previous / next buttons around "Trang n/m" for a list paged by the server (or, the day's list,
 * by the page). `page` counts from 0 (as the API does); the words count from 1. Nothing is shown for a single page, where both
 * buttons would be disabled. The news list has its own numbered links instead (donors jump to a
 * page by its number and the address keeps it).
 */
export function Pager({
  page,
  totalPages,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Phân trang" className="mt-4 flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={buttonSecondary}
        disabled={page === 0}
        onClick={() => onPageChange(page - 1)}
      >
        Trang trước
      </button>
      <span className="text-slate-700">
        Trang {page + 1}/{totalPages}
      </span>
      <button
        type="button"
        className={buttonSecondary}
        disabled={page + 1 >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Trang sau
      </button>
    </nav>
  );
}
