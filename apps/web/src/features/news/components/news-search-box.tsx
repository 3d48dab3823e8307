import { Search, X } from 'lucide-react';

/** The search field of the news list; the list follows it after a pause in typing. */
export function NewsSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div role="search" className="relative mx-auto w-full max-w-xl">
      <label htmlFor="news-search" className="sr-only">
        Tìm kiếm tin tức
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-slate-500"
      />
      <input
        id="news-search"
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Tìm kiếm tin tức..."
        autoComplete="off"
        maxLength={200}
        className="h-12 w-full rounded-full border border-slate-300 bg-white pl-12 pr-12 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange('')}
          className="absolute right-2 top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden className="size-4" />
          <span className="sr-only">Xóa tìm kiếm</span>
        </button>
      ) : null}
    </div>
  );
}
