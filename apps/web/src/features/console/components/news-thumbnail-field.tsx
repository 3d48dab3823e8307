import {
  NEWS_ADMIN_MESSAGES,
  NEWS_THUMBNAIL_WIDTHS,
  newsThumbnailPath,
  type TAdminNews,
} from '@giot-hong/contract';
import { useId } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-errors';
import { useUploadNewsThumbnail } from '../api/upload-news-thumbnail';

/** The item's picture: uploaded once the item exists, shown in its smaller width. */
export function NewsThumbnailField({ item }: { item: TAdminNews | null }) {
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
            onError: (err) => toast.error(errorMessage(err, NEWS_ADMIN_MESSAGES.imageInvalid)),
          });
          e.target.value = '';
        }}
        className="block w-full text-sm"
      />
    </div>
  );
}
