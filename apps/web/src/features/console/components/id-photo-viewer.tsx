import { RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { useIdentityPhoto } from '../api/get-identity-photo';

const ZOOMS = [1, 1.5, 2, 3] as const;
const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400';

/**
 * One side of the card, fetched with the staff's token (each view is audited on the server),
 * zoomed and rotated with CSS transforms only. The frame scrolls when the zoomed picture is larger.
 */
export function IdPhotoViewer({
  extractId,
  side,
  available,
}: {
  extractId: string;
  side: 'front' | 'back';
  available: boolean;
}) {
  const label = side === 'front' ? 'Mặt trước' : 'Mặt sau';
  const photo = useIdentityPhoto(extractId, side, available);
  const [zoom, setZoom] = useState(0);
  const [turns, setTurns] = useState(0);
  const scale = ZOOMS[zoom]!;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold text-slate-900">{label}</figcaption>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Điều chỉnh ảnh ${label.toLowerCase()}`}>
        <button
          type="button"
          className={iconButton}
          onClick={() => setZoom((z) => Math.max(0, z - 1))}
          disabled={zoom === 0}
          aria-label={`Thu nhỏ ảnh ${label.toLowerCase()}`}
        >
          <ZoomOut aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          className={iconButton}
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          disabled={zoom === ZOOMS.length - 1}
          aria-label={`Phóng to ảnh ${label.toLowerCase()}`}
        >
          <ZoomIn aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          className={iconButton}
          onClick={() => setTurns((t) => (t + 1) % 4)}
          aria-label={`Xoay ảnh ${label.toLowerCase()}`}
        >
          <RotateCw aria-hidden className="size-5" />
        </button>
        <span className="self-center text-sm text-slate-700" aria-live="polite">
          {Math.round(scale * 100)}% · {turns * 90}°
        </span>
      </div>
      <div
        className="grid h-64 overflow-auto rounded-lg border border-slate-200 bg-slate-100 sm:h-80"
        tabIndex={0}
        role="region"
        aria-label={`Ảnh ${label.toLowerCase()} căn cước`}
      >
        {!available ? (
          <p className="p-4 text-slate-700">Ảnh đã được xóa theo chính sách lưu trữ</p>
        ) : photo.isPending ? (
          <LoadingView />
        ) : photo.data ? (
          // Scaled from the top left corner, so the enlarged picture scrolls within the frame;
          // rotated about its own centre inside.
          <div
            className="grid size-full origin-top-left place-items-center"
            style={{ transform: `scale(${scale})` }}
          >
            <img
              src={photo.data}
              alt={`${label} căn cước`}
              className="max-h-full max-w-full origin-center"
              style={{ transform: `rotate(${turns * 90}deg)` }}
            />
          </div>
        ) : (
          <p className="p-4 text-slate-700">Không tải được ảnh</p>
        )}
      </div>
    </figure>
  );
}
