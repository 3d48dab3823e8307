import { TIMING } from '@giot-hong/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { paths, withQuery } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNewsList } from '../api/get-news-list';
import { NewsCard } from '../components/news-card';
import { NewsErrorView, newsErrorMessage } from '../components/news-error-view';
import { NewsPagination } from '../components/news-pagination';
import { NewsSearchBox } from '../components/news-search-box';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** URL query names: the search text and the page (from 1), so Back returns to the same list. */
const Q = 'q';
const PAGE = 'trang';

export function Component() {
  usePageTitle('Tin tức hiến máu');
  const [params, setParams] = useSearchParams();
  const search = params.get(Q) ?? '';
  const page = Math.max(1, Math.floor(Number(params.get(PAGE))) || 1);

  const [input, setInput] = useState(search);
  // Back/Forward to another search: the box shows it (state adjusted during render, as React advises).
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== input.trim()) setInput(search);
  }
  const debounced = useDebouncedValue(input.trim(), TIMING.newsSearchDebounceMs);
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    // Only typing moves the URL (not a URL change itself). A new search starts again at page 1;
    // replace, so typing does not fill the history.
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced !== search) setParams(debounced ? { [Q]: debounced } : {}, { replace: true });
  }, [debounced, search, setParams]);

  const { data, isPending, isError, error, isPlaceholderData, refetch } = useNewsList(search, page - 1);
  const hrefFor = (p: number) =>
    withQuery(paths.news, { [Q]: search || undefined, [PAGE]: p > 1 ? p : undefined });

  return (
    <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
      <header className="py-10 text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Tin tức</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Tin tức, sự kiện và câu chuyện về hiến máu tình nguyện.
        </p>
        <div className="mt-6">
          <NewsSearchBox value={input} onChange={setInput} />
        </div>
      </header>

      {isPending ? (
        <LoadingView />
      ) : isError ? (
        <NewsErrorView
          title="Không thể tải tin tức"
          message={newsErrorMessage(error, 'Failed to fetch news')}
        >
          <button
            type="button"
            onClick={() => refetch()}
            className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
          >
            Thử lại
          </button>
        </NewsErrorView>
      ) : (
        <section
          aria-labelledby="news-results"
          aria-busy={isPlaceholderData}
          className={isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          <p id="news-results" role="status" className="mb-4 text-sm text-slate-600">
            {search ? `Tìm thấy ${data.totalItems} tin tức cho “${search}”` : `${data.totalItems} tin tức`}
          </p>
          {data.data.length === 0 ? (
            search ? (
              <EmptyView title="Không tìm thấy tin tức phù hợp">
                <p className="text-sm">Hãy thử từ khóa khác, có dấu hoặc không dấu đều được.</p>
                <button
                  type="button"
                  onClick={() => setInput('')}
                  className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50"
                >
                  Xóa tìm kiếm
                </button>
              </EmptyView>
            ) : (
              <EmptyView />
            )
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.data.map((item, i) => (
                <li key={item.id}>
                  {/* The first row at most (three cards wide on a desktop). */}
                  <NewsCard item={item} eager={i < 3} priority={i === 0} />
                </li>
              ))}
            </ul>
          )}
          <NewsPagination page={page} totalPages={data.totalPages} hrefFor={hrefFor} />
        </section>
      )}
    </div>
  );
}
