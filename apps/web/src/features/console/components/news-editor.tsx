import { NewsThumbnailField } from './news-thumbnail-field';
import {
  NEWS_EDITOR_TEXTS as T,
  NEWS_STATE_LABELS,
  ZAdminNewsRequest,
  type TAdminNews,
  type TAdminNewsRequest,
} from '@giot-hong/contract';
import { useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, FieldError, fieldAria } from '../../../components/ui/field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION, contractResolver } from '../../../lib/contract-resolver';
import { consolePaths, paths } from '../../../lib/paths';
import { applyServerErrors, errorMessage } from '../../../lib/api-errors';
import { NewsContent } from '../../../components/ui/news-content';
import { previewNews } from '../api/preview-news';
import { useSaveNews } from '../api/save-news';
import { usePublishNews } from '../api/publish-news';
import { useUnpublishNews } from '../api/unpublish-news';
import { PageHeading, cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { RichTextEditor } from './rich-text-editor';
import { formatVnDateTime } from '../../../lib/vn-time';
import { isoToVnLocal, vnLocalToIso } from '../../../lib/vn-time';

/** The form's inputs: the publication time is a Vietnam date and time. */
type FormValues = { title: string; content: string; date: string; time: string; notifyDonors: boolean };

const formValuesOf = (item: TAdminNews | null): FormValues => {
  const at = isoToVnLocal(item?.publishAt);
  return {
    title: item?.title ?? '',
    content: item?.content ?? '',
    date: at.date,
    time: at.time,
    notifyDonors: item?.notifyDonors ?? false,
  };
};

const toRequest = (v: FormValues): TAdminNewsRequest => ({
  title: v.title,
  content: v.content,
  // Empty: at publication. A date alone is that day at 00:00; half a time is refused ('x').
  publishAt: v.date || v.time ? vnLocalToIso(v.date, v.time || '00:00') || 'x' : null,
  notifyDonors: v.notifyDonors,
});

const resolver = contractResolver<FormValues>([ZAdminNewsRequest], toRequest, (path) =>
  path[0] === 'publishAt' ? 'date' : path[0] === 'content' ? 'content' : 'title',
);

/**
 * A news item's form (`item` null: a new item) beside the server's sanitised preview. Saving keeps
 * the state; 'Đăng tin' saves and publishes what is on the screen; a published item can be taken
 * down (after a confirmation, with an undo in the toast).
 */
export function NewsEditor({ item }: { item: TAdminNews | null }) {
  const ids = { title: useId(), content: useId(), date: useId(), time: useId(), notify: useId() };
  const navigate = useNavigate();
  const save = useSaveNews();
  const publish = usePublishNews();
  const unpublish = useUnpublishNews();
  const form = useForm<FormValues>({ resolver, defaultValues: formValuesOf(item), ...FORM_VALIDATION });
  const { errors, isDirty } = form.formState;
  const unsaved = useUnsavedChanges(isDirty);
  const content = useController({ control: form.control, name: 'content' });
  const title = useWatch({ control: form.control, name: 'title' });
  const [preview, setPreview] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const fields = ['title', 'content', 'date'] as const;
  const serverField = { publishAt: 'date' } as const;

  const onSave = form.handleSubmit((values) =>
    save.mutate(
      { id: item?.id ?? null, body: toRequest(values) },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          form.reset(formValuesOf(res.data));
          // A new item continues on its own page (where its picture can be added).
          if (!item)
            unsaved.leaveWithoutAsking(() => navigate(consolePaths.newsEdit(res.data.id), { replace: true }));
        },
        onError: (err) => applyServerErrors(err, form.setError, fields, serverField),
      },
    ),
  );

  // 'Đăng tin' publishes what is on the screen: the form's values are saved with the publication.
  const onPublish = form.handleSubmit((values) => {
    if (!item) return;
    publish.mutate(
      { id: item.id, body: toRequest(values) },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          form.reset(formValuesOf(res.data));
        },
        onError: (err) => applyServerErrors(err, form.setError, fields, serverField, 'Không thể đăng tin'),
      },
    );
  });

  const onUnpublish = () => {
    if (!item) return;
    unpublish.mutate(item.id, {
      onSuccess: (res) => {
        setConfirmUnpublish(false);
        const gone = res.data;
        toast.success(res.message, {
          // Undo: the item goes back up at its own date (keepTime), as it was before.
          action: {
            label: T.undo,
            onClick: () =>
              publish.mutate(
                {
                  id: gone.id,
                  body: {
                    title: gone.title,
                    content: gone.content,
                    publishAt: gone.publishAt,
                    notifyDonors: gone.notifyDonors,
                    keepTime: true,
                  },
                },
                {
                  onSuccess: () => toast.success(T.republished),
                  onError: (err) => toast.error('Không thể đăng lại tin', { description: errorMessage(err) }),
                },
              ),
          },
        });
      },
      onError: (err) => {
        setConfirmUnpublish(false);
        toast.error('Không thể gỡ tin', { description: errorMessage(err) });
      },
    });
  };

  const showPreview = async () => {
    setPreviewing(true);
    try {
      setPreview(await previewNews(form.getValues('content')));
    } catch (err) {
      toast.error('Không thể xem trước', { description: errorMessage(err) });
    } finally {
      setPreviewing(false);
    }
  };

  const published = item !== null && item.state !== 'DRAFT';
  return (
    <>
      <PageHeading
        title={item ? 'Sửa tin tức' : 'Viết tin mới'}
        sub={
          item ? (
            <span>
              Trạng thái: <strong>{NEWS_STATE_LABELS[item.state]}</strong>
              {published && ` · ${formatVnDateTime(item.publishAt)}`}
            </span>
          ) : (
            'Tin mới được lưu là bản nháp cho đến khi bạn đăng.'
          )
        }
      >
        {published && (
          <Link to={paths.newsDetail(item.id)} className={buttonSecondary}>
            Xem trên trang tin tức
          </Link>
        )}
        {item && !published && (
          <button type="button" className={buttonPrimary} onClick={onPublish} disabled={publish.isPending}>
            {publish.isPending ? 'Đang đăng...' : T.publish}
          </button>
        )}
        {published && (
          <button
            type="button"
            className={buttonDanger}
            onClick={() => setConfirmUnpublish(true)}
            disabled={unpublish.isPending}
          >
            {T.unpublish}
          </button>
        )}
      </PageHeading>
      {item && !published && isDirty && (
        <p className="-mt-2 mb-4 text-sm text-slate-700" data-publish-note>
          {T.publishSavesChanges}
        </p>
      )}
      <div className="grid gap-4 xl:grid-cols-2">
        <form
          onSubmit={onSave}
          noValidate
          className={`${cardClass} grid gap-4`}
          aria-label="Nội dung tin tức"
        >
          <Field id={ids.title} label="Tiêu đề" error={errors.title?.message} required>
            <input
              {...fieldAria(ids.title, errors.title?.message, true)}
              {...form.register('title')}
              maxLength={200}
              className={inputClass}
            />
          </Field>
          <div>
            <p id={ids.content} className="mb-1 block text-sm font-medium text-slate-700">
              Nội dung <span aria-hidden>*</span>
            </p>
            <RichTextEditor
              labelId={ids.content}
              initialHtml={item?.content ?? ''}
              onChange={(html) => content.field.onChange(html)}
            />
            <FieldError id={`${ids.content}-error`} message={errors.content?.message} />
          </div>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">
              Thời gian đăng (giờ Việt Nam; để trống = khi đăng)
            </legend>
            <Field id={ids.date} label="Ngày" error={errors.date?.message}>
              <input
                type="date"
                {...fieldAria(ids.date, errors.date?.message)}
                {...form.register('date', { deps: ['time'] })}
                className={inputClass}
              />
            </Field>
            <Field id={ids.time} label="Giờ">
              <input
                type="time"
                id={ids.time}
                {...form.register('time', { deps: ['date'] })}
                className={inputClass}
              />
            </Field>
          </fieldset>
          <div className="flex items-start gap-2">
            <input
              id={ids.notify}
              type="checkbox"
              {...form.register('notifyDonors')}
              className="mt-1 size-5"
            />
            <label htmlFor={ids.notify} className="text-slate-800">
              Báo cho tất cả người hiến máu khi tin được đăng (thông báo “Tin tức”, chỉ một lần)
            </label>
          </div>
          <NewsThumbnailField item={item} />
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
              <h3 className="mb-3 text-2xl font-bold break-words text-slate-900">{title}</h3>
              <NewsContent html={preview} />
            </div>
          )}
        </section>
      </div>
      {item && (
        <ConfirmDialog
          open={confirmUnpublish}
          title={T.unpublishTitle(item.title)}
          description={T.unpublishBody}
          confirmLabel={T.unpublish}
          pendingLabel="Đang gỡ..."
          pending={unpublish.isPending}
          tone="danger"
          onConfirm={onUnpublish}
          onCancel={() => setConfirmUnpublish(false)}
        />
      )}
    </>
  );
}
