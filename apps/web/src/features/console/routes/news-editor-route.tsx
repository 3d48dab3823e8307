import {
  CONTENT_MESSAGES,
  NEWS_STATE_LABELS,
  NEWS_THUMBNAIL_WIDTHS,
  ZAdminNewsRequest,
  newsThumbnailPath,
  type TAdminNews,
} from '@giot-hong/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { LoadingView } from '../../../components/ui/loading-view';
import { ApiError } from '../../../lib/api-client';
import { consolePaths, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { NewsContent } from '../../news/components/news-content';
import {
  previewNews,
  useAdminNews,
  useSaveNews,
  useSetNewsPublished,
  useUploadNewsThumbnail,
} from '../api/news-admin';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading, cardClass, inputClass } from '../components/console-ui';
import { RichTextEditor } from '../components/rich-text-editor';
import { formatNewsTime } from '../lib/content-format';
import { isoToVnLocal, vnLocalToIso } from '../lib/vn-local';
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
  if (item.error instanceof ApiError && item.error.status === 404) return <NotFound />;
  if (item.isError) return <ConsoleErrorView onRetry={() => item.refetch()} />;
  return <NewsEditor item={item.data ?? null} />;
}

type Errors = Partial<Record<'title' | 'content' | 'publishAt', string>>;

function NewsEditor({ item }: { item: TAdminNews | null }) {
  const ids = { title: useId(), content: useId(), date: useId(), time: useId(), notify: useId() };
  const navigate = useNavigate();
  const save = useSaveNews();
  const publish = useSetNewsPublished();
  const [title, setTitle] = useState(item?.title ?? '');
  const [content, setContent] = useState(item?.content ?? '');
  const initialTime = isoToVnLocal(item?.publishAt);
  const [date, setDate] = useState(initialTime.date);
  const [time, setTime] = useState(initialTime.time);
  const [notify, setNotify] = useState(item?.notifyDonors ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [preview, setPreview] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const publishAt = date || time ? vnLocalToIso(date, time || '00:00') || 'x' : null;
    const body = { title, content, publishAt, notifyDonors: notify };
    const parsed = ZAdminNewsRequest.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: item?.id ?? null, body },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setContent(res.data.content);
          if (!item) navigate(consolePaths.newsEdit(res.data.id), { replace: true });
        },
        onError: (err) => {
          const next: Errors = {};
          if (err instanceof ApiError)
            for (const x of err.body?.errors ?? []) next[x.field as keyof Errors] ??= x.message;
          setErrors(next);
          if (Object.keys(next).length === 0)
            toast.error('Không thể lưu', { description: err instanceof ApiError ? err.message : undefined });
        },
      },
    );
  };

  const showPreview = async () => {
    setPreviewing(true);
    try {
      setPreview(await previewNews(content));
    } catch {
      toast.error('Không thể xem trước', { description: 'Đã có lỗi xảy ra. Vui lòng thử lại sau.' });
    } finally {
      setPreviewing(false);
    }
  };

  const togglePublished = () => {
    if (!item) return;
    publish.mutate(
      { id: item.id, published: item.state === 'DRAFT' },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Đã có lỗi xảy ra'),
      },
    );
  };

  const fieldError = (key: keyof Errors, id: string) =>
    errors[key] ? (
      <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-brand-700">
        {errors[key]}
      </p>
    ) : null;

  return (
    <>
      <PageHeading
        title={item ? 'Sửa tin tức' : 'Viết tin mới'}
        sub={
          item ? (
            <span>
              Trạng thái: <strong>{NEWS_STATE_LABELS[item.state]}</strong>
              {item.state !== 'DRAFT' && ` · ${formatNewsTime(item.publishAt)}`}
            </span>
          ) : (
            'Tin mới được lưu là bản nháp cho đến khi bạn đăng.'
          )
        }
      >
        {item && item.state !== 'DRAFT' && (
          <Link to={paths.newsDetail(item.id)} className={buttonSecondary}>
            Xem trên trang tin tức
          </Link>
        )}
        {item && (
          <button
            type="button"
            className={buttonPrimary}
            onClick={togglePublished}
            disabled={publish.isPending}
          >
            {item.state === 'DRAFT' ? 'Đăng tin' : 'Gỡ tin'}
          </button>
        )}
      </PageHeading>
      <div className="grid gap-4 lg:grid-cols-2">
        <form
          onSubmit={submit}
          noValidate
          className={`${cardClass} grid gap-4`}
          aria-label="Nội dung tin tức"
        >
          <div>
            <label htmlFor={ids.title} className="mb-1 block text-sm font-medium text-slate-700">
              Tiêu đề <span aria-hidden>*</span>
            </label>
            <input
              id={ids.title}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              aria-required
              aria-invalid={Boolean(errors.title)}
              aria-describedby={errors.title ? `${ids.title}-error` : undefined}
              className={inputClass}
            />
            {fieldError('title', ids.title)}
          </div>
          <div>
            <p id={ids.content} className="mb-1 block text-sm font-medium text-slate-700">
              Nội dung <span aria-hidden>*</span>
            </p>
            <RichTextEditor labelId={ids.content} initialHtml={item?.content ?? ''} onChange={setContent} />
            {fieldError('content', ids.content)}
          </div>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">
              Thời gian đăng (giờ Việt Nam; để trống = khi đăng)
            </legend>
            <div>
              <label htmlFor={ids.date} className="mb-1 block text-sm text-slate-700">
                Ngày
              </label>
              <input
                id={ids.date}
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor={ids.time} className="mb-1 block text-sm text-slate-700">
                Giờ
              </label>
              <input
                id={ids.time}
                type="time"
                value={time}
                onChange={(e) => setTime(e.target.value)}
                className={inputClass}
              />
            </div>
            {fieldError('publishAt', ids.date)}
          </fieldset>
          <div className="flex items-start gap-2">
            <input
              id={ids.notify}
              type="checkbox"
              checked={notify}
              onChange={(e) => setNotify(e.target.checked)}
              className="mt-1 size-5"
            />
            <label htmlFor={ids.notify} className="text-slate-800">
              Báo cho tất cả người hiến máu khi tin được đăng (thông báo “Tin tức”, chỉ một lần)
            </label>
          </div>
          <ThumbnailField item={item} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonPrimary} disabled={save.isPending}>
              {item ? 'Lưu' : 'Lưu bản nháp'}
            </button>
            <button type="button" className={buttonSecondary} onClick={showPreview} disabled={previewing}>
              Xem trước
            </button>
          </div>
        </form>
        <section aria-labelledby="news-preview-heading" className={cardClass}>
          <h2 id="news-preview-heading" className="mb-2 text-lg font-semibold text-slate-900">
            Xem trước (như người hiến máu sẽ thấy)
          </h2>
          {preview === null ? (
            <p className="text-slate-700">Bấm “Xem trước” để xem nội dung sau khi máy chủ làm sạch.</p>
          ) : (
            <div data-news-preview>
              <h3 className="mb-3 text-2xl font-bold text-slate-900">{title}</h3>
              <NewsContent html={preview} />
            </div>
          )}
        </section>
      </div>
    </>
  );
}

/** The item's picture: uploaded once the item exists, shown in its smaller width. */
function ThumbnailField({ item }: { item: TAdminNews | null }) {
  const id = useId();
  const upload = useUploadNewsThumbnail(item?.id ?? 0);
  if (!item) return <p className="text-sm text-slate-700">Lưu tin trước khi thêm ảnh đại diện.</p>;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Ảnh đại diện (JPG, PNG, WebP hoặc GIF, tối đa 5MB)
      </label>
      {item.thumbnailUrl && (
        <img
          src={`${newsThumbnailPath(item.id, NEWS_THUMBNAIL_WIDTHS[0])}?v=${encodeURIComponent(item.updatedAt)}`}
          alt=""
          className="mb-2 max-h-40 rounded-lg"
        />
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          upload.mutate(file, {
            onSuccess: (res) => toast.success(res.message),
            onError: (err) =>
              toast.error(err instanceof ApiError ? err.message : CONTENT_MESSAGES.imageInvalid),
          });
          e.target.value = '';
        }}
        className="block w-full text-sm"
      />
    </div>
  );
}
