import { NewsEditor } from '../components/news-editor';
import { useParams } from 'react-router';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorStatus } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminNews } from '../api/get-admin-news';
import { ConsoleErrorView } from '../components/console-error-view';
import { Component as NotFound } from './console-not-found-route';

/** /quan-tri/tin-tuc/tao-moi and /quan-tri/tin-tuc/{id}: write, preview, publish a news item. */
export function Component() {
  const { id } = useParams();
  const newsId = id === undefined ? null : Number(id);
  if (newsId !== null && (!Number.isSafeInteger(newsId) || newsId <= 0)) return <NotFound />;
  return <NewsEditorPage key={newsId ?? 'new'} id={newsId} />;
}

function NewsEditorPage({ id }: { id: number | null }) {
  usePageTitle(id === null ? 'Viết tin mới' : 'Sửa tin tức');
  const item = useAdminNews(id);
  if (id !== null && item.isPending) return <LoadingView />;
  if (errorStatus(item.error) === 404) return <NotFound />;
  if (item.isError) return <ConsoleErrorView onRetry={() => item.refetch()} />;
  return <NewsEditor item={item.data ?? null} />;
}
