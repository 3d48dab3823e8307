import { ArrowLeft, Clock, UserRound } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { AppToaster } from '../../../components/ui/toaster';
import { LoadingView } from '../../../components/ui/loading-view';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNews } from '../api/get-news';
import { useRelatedNews } from '../api/get-related-news';
import { NewsContent } from '../../../components/ui/news-content';
import { NewsErrorView, newsErrorMessage } from '../components/news-error-view';
import { NewsTag } from '../components/news-tag';
import { NewsThumbnail } from '../components/news-thumbnail';
import { RelatedNews } from '../components/related-news';
import { ShareMenu } from '../components/share-menu';
import { formatLongDateTime } from '../lib/format-news-date';
import { isNotFound } from '../../../lib/api-errors';

export function Component() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const navigate = useNavigate();
  const news = useNews(id);
  const validId = Number.isSafeInteger(id) && id > 0;
  const related = useRelatedNews(id, validId);
  const notFound = !validId || isNotFound(news.error);
  usePageTitle(news.data?.title ?? (notFound ? 'Không tìm thấy tin tức' : undefined));

  if (notFound || news.isError) {
    return (
      <NewsErrorView
        title={notFound ? 'Không tìm thấy tin tức' : 'Không thể tải tin tức'}
        message={
          notFound
            ? 'Tin tức không tồn tại hoặc đã bị gỡ.'
            : newsErrorMessage(news.error, 'Failed to fetch news details')
        }
      >
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium hover:bg-slate-50"
        >
          Quay lại
        </button>
        <Link
          to={paths.news}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
        >
          Xem tất cả tin tức
        </Link>
      </NewsErrorView>
    );
  }
  if (news.isPending) return <LoadingView />;

  const item = news.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <AppToaster />
      <Link
        to={paths.news}
        className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Tin tức
      </Link>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0">
          <header>
            <NewsTag />
            <h1 className="mt-3 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{item.title}</h1>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden className="size-4" />
                  <time dateTime={item.createdAt}>{formatLongDateTime(item.createdAt)}</time>
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <UserRound aria-hidden className="size-4" />
                  Đăng bởi:{' '}
                  <strong className="font-semibold text-slate-800">{item.createdBy || 'Admin'}</strong>
                </span>
              </div>
              <ShareMenu path={paths.newsDetail(item.id)} />
            </div>
          </header>
          <NewsThumbnail src={item.thumbnailUrl} alt={item.title} priority className="my-6 rounded-2xl" />
          <NewsContent html={item.content} />
        </article>
        <RelatedNews items={related.data} isPending={related.isPending} />
      </div>
    </div>
  );
}
