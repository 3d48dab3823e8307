import type { TAdminCampaign } from '@giot-hong/contract';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { buttonSecondary } from '../../../components/ui/buttons';
import { FieldError } from '../../../components/ui/field';
import { FilePickerButton } from '../../../components/ui/file-picker-button';
import { useUploadCampaignImage } from '../api/upload-campaign-image';
import { cardClass } from './console-ui';
import { errorMessage } from '../../../lib/api-errors';

/** The campaign's picture (landing slider, list): the server checks the file by content and re-encodes it. */
export function CampaignImageSection({ campaign }: { campaign: TAdminCampaign }) {
  const id = useId();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadCampaignImage(campaign.id, setProgress);

  const onFile = (file: File) => {
    setError(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => toast.success('Đã cập nhật ảnh chiến dịch'),
      onError: (e) => setError(errorMessage(e, 'Có lỗi xảy ra khi tải ảnh lên. Vui lòng thử lại.')),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} flex flex-col gap-3 self-start`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Ảnh chiến dịch
      </h2>
      {campaign.imageUrl ? (
        <img
          src={campaign.imageUrl}
          alt={`Ảnh của chiến dịch ${campaign.name}`}
          className="aspect-video w-full rounded-lg object-cover"
        />
      ) : (
        <p className="text-slate-700">Chưa có ảnh.</p>
      )}
      <FilePickerButton
        inputId={`${id}-file`}
        accept="image/jpeg,image/png,image/webp"
        onFile={onFile}
        className={buttonSecondary}
        disabled={upload.isPending}
        describedBy={error ? `${id}-error` : undefined}
      >
        {upload.isPending ? `Đang tải lên... ${Math.round(progress * 100)}%` : 'Chọn ảnh (JPEG, PNG, WebP)'}
      </FilePickerButton>
      <FieldError id={`${id}-error`} message={error} />
    </section>
  );
}
