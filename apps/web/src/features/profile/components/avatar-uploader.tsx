import { useState } from 'react';
import { toast } from 'sonner';
import { useAvatarUrl } from '../api/get-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { checkAvatarImage, initialsOf } from '../lib/profile-format';
import { FieldError } from '../../../components/ui/field';
import { FilePickerButton } from '../../../components/ui/file-picker-button';
import { errorMessage, isRefusal } from '../../../lib/api-errors';

const UPLOAD_FAILED = 'Có lỗi xảy ra khi tải ảnh lên';

/**
 * The donor's picture with a change button: client checks (image, ≤ 5 MB), a preview of the
 * chosen file while it uploads with a progress bar, initials when there is no picture.
 */
export function AvatarUploader({ name }: { name: string }) {
  const avatar = useAvatarUrl();
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar(setProgress);

  function onFile(file: File | undefined) {
    const problem = checkAvatarImage(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    const url = URL.createObjectURL(file);
    setPreview(url);
    upload.mutate(file, {
      onError: (e) => {
        const message = isRefusal(e) ? errorMessage(e) : UPLOAD_FAILED;
        setError(message);
        toast.error(UPLOAD_FAILED, { description: message === UPLOAD_FAILED ? undefined : message });
      },
      onSettled: () => {
        setPreview(null);
        URL.revokeObjectURL(url);
      },
    });
  }

  const src = preview ?? avatar.data ?? null;
  const initials = initialsOf(name);

  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative size-24 overflow-hidden rounded-full bg-brand-100 ring-4 ring-white">
        {src ? (
          <img src={src} alt={`Ảnh đại diện của ${name}`} className="size-full object-cover" />
        ) : (
          <span
            role="img"
            aria-label={`Ảnh đại diện của ${name}`}
            className="flex size-full items-center justify-center text-2xl font-bold text-brand-700"
          >
            {initials}
          </span>
        )}
      </div>
      <FilePickerButton
        accept="image/*"
        onFile={onFile}
        disabled={upload.isPending}
        describedBy={error ? 'avatar-error' : undefined}
        className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:text-slate-500"
      >
        {upload.isPending ? 'Đang tải ảnh lên...' : 'Đổi ảnh đại diện'}
      </FilePickerButton>
      {upload.isPending && (
        <progress
          value={Math.round(progress * 100)}
          max={100}
          aria-label="Tiến độ tải ảnh lên"
          className="h-2 w-32 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
        />
      )}
      <FieldError id="avatar-error" message={error} />
    </div>
  );
}
