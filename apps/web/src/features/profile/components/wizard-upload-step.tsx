import { PROFILE_MESSAGES } from '@giot-hong/contract';
import { useRef, useState, type ChangeEvent } from 'react';
import { uploadIdCardSide, type IdCardSide } from '../api/upload-id-card-side';
import { checkIdCardImage } from '../lib/profile-format';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { busyMessage, errorStatus, isRefusal, serverMessage } from '../../../lib/api-errors';

export type SideState = {
  phase: 'empty' | 'processing' | 'done' | 'error';
  /** Object URL of the chosen file (revoked when replaced or removed). */
  preview: string | null;
  progress: number;
  error: string | null;
  /** The chosen file: a side the server was too busy to read (or that met a network failure) can be sent again. */
  file: File | null;
};
export type Sides = Record<IdCardSide, SideState>;
export const EMPTY_SIDE: SideState = { phase: 'empty', preview: null, progress: 0, error: null, file: null };

const SIDE_TITLES: Record<IdCardSide, string> = { front: 'Mặt trước CCCD', back: 'Mặt sau CCCD' };
/** The server answered with an error but gave no reason. */
const SIDE_ERRORS: Record<IdCardSide, string> = {
  front: 'Lỗi khi xử lý ảnh mặt trước',
  back: 'Lỗi khi xử lý ảnh mặt sau',
};
/** No answer at all (network, exception): 'Lỗi không xác định khi xử lý ảnh…'. */
const UNKNOWN_ERRORS: Record<IdCardSide, string> = {
  front: 'Lỗi không xác định khi xử lý ảnh mặt trước',
  back: 'Lỗi không xác định khi xử lý ảnh mặt sau',
};
/** JPG, JPEG or PNG; the server checks the content again. */
const ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/**
 * The one message of a failed upload. A refusal (4xx) carries the server's Vietnamese reason (HEIC,
 * too large, not an image, unreadable, ID number already used …): the donor needs to know why. So
 * does a busy reader (503 ID_CARD_BUSY: try again in a few minutes). Any other 5xx or an answer
 * without a message gets the side's message; no answer at all, the unknown error.
 */
function uploadErrorMessage(side: IdCardSide, e: unknown): string {
  const status = errorStatus(e);
  if (!status) return UNKNOWN_ERRORS[side];
  const reason = status < 500 ? serverMessage(e) : busyMessage(e);
  return reason || SIDE_ERRORS[side];
}

type Props = {
  sides: Sides;
  setSide: (side: IdCardSide, next: SideState | ((prev: SideState) => SideState)) => void;
  extractId: string | null;
  setExtractId: (id: string | null) => void;
  onBack: () => void;
  onNext: () => void;
};

/**
 * Step 2: the front, then the back (locked until the front is uploaded). The front's upload
 * creates the extract; the back completes it. Either picture can be removed; removing the front
 * starts over, since the back belongs to the front's extract.
 */
export function WizardUploadStep({ sides, setSide, extractId, setExtractId, onBack, onNext }: Props) {
  const busy = sides.front.phase === 'processing' || sides.back.phase === 'processing';
  const canContinue =
    sides.front.phase === 'done' && sides.back.phase === 'done' && !busy && Boolean(extractId);

  async function upload(side: IdCardSide, files: FileList | null) {
    await send(side, files?.length === 1 ? (files[0] ?? null) : null);
  }

  async function send(side: IdCardSide, file: File | null) {
    const problem = checkIdCardImage(file);
    if (problem || !file) {
      setSide(side, (prev) => ({ ...prev, error: problem }));
      return;
    }
    if (side === 'back' && (sides.front.phase !== 'done' || !extractId)) {
      setSide('back', (prev) => ({ ...prev, error: PROFILE_MESSAGES.idBackBeforeFront }));
      return;
    }
    setSide(side, (prev) => {
      // The same file sent again keeps its preview.
      if (prev.file === file && prev.preview)
        return { ...prev, phase: 'processing', progress: 0, error: null };
      if (prev.preview) URL.revokeObjectURL(prev.preview);
      return { phase: 'processing', preview: URL.createObjectURL(file), progress: 0, error: null, file };
    });
    try {
      const extract = await uploadIdCardSide({
        side,
        file,
        extractId: extractId ?? undefined,
        onProgress: (p) => setSide(side, (prev) => ({ ...prev, progress: p })),
      });
      if (side === 'front') setExtractId(extract.extract_id);
      setSide(side, (prev) => ({ ...prev, phase: 'done', progress: 1 }));
    } catch (e) {
      // A refused picture is not sent again as it is; one the server was too busy for (or that met
      // a network failure) is kept for the "send again" button.
      const refused = isRefusal(e);
      setSide(side, (prev) => ({
        ...prev,
        phase: 'error',
        error: uploadErrorMessage(side, e),
        file: refused ? null : prev.file,
      }));
    }
  }

  function remove(side: IdCardSide) {
    const clear = (s: IdCardSide) =>
      setSide(s, (prev) => {
        if (prev.preview) URL.revokeObjectURL(prev.preview);
        return EMPTY_SIDE;
      });
    clear(side);
    if (side === 'front') {
      clear('back');
      setExtractId(null);
    }
  }

  return (
    <div className="space-y-6">
      <p className="text-slate-700">
        Tải lên ảnh chụp rõ nét hai mặt căn cước công dân (JPG, JPEG hoặc PNG, tối đa 5MB mỗi ảnh). Ảnh chỉ
        được xử lý trên máy chủ của chúng tôi.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {(['front', 'back'] as const).map((side) => (
          <SideCard
            key={side}
            side={side}
            state={sides[side]}
            locked={side === 'back' && sides.front.phase !== 'done'}
            disabled={busy}
            onFiles={(files) => void upload(side, files)}
            onResend={() => void send(side, sides[side].file)}
            onRemove={() => remove(side)}
          />
        ))}
      </div>
      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" className={buttonSecondary} onClick={onBack} disabled={busy}>
          Quay lại
        </button>
        <button type="button" className={buttonPrimary} onClick={onNext} disabled={!canContinue}>
          Tiếp tục
        </button>
      </div>
    </div>
  );
}

function SideCard({
  side,
  state,
  locked,
  disabled,
  onFiles,
  onResend,
  onRemove,
}: {
  side: IdCardSide;
  state: SideState;
  locked: boolean;
  disabled: boolean;
  onFiles: (files: FileList | null) => void;
  /** Sends the kept file again (after an error; the server may have been too busy to read it). */
  onResend: () => void;
  onRemove: () => void;
}) {
  const galleryRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const title = SIDE_TITLES[side];
  // 'mặt trước CCCD' inside a sentence ('Chọn ảnh mặt trước CCCD').
  const name = title.charAt(0).toLowerCase() + title.slice(1);
  // A file the browser cannot show (HEIC, not an image): no broken picture, a sentence instead.
  const [unshowable, setUnshowable] = useState<string | null>(null);
  const headingId = `id-${side}-heading`;
  const statusId = `id-${side}-status`;
  const processing = state.phase === 'processing';
  const inputProps = {
    type: 'file',
    accept: ACCEPT,
    className: 'sr-only',
    tabIndex: -1,
    'aria-hidden': true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      onFiles(e.target.files);
      // Choosing the same file again must fire a change too.
      e.target.value = '';
    },
  } as const;

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border p-4 ${locked ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200'}`}
    >
      <h3 id={headingId} className="mb-3 font-semibold text-slate-900">
        {title}
      </h3>
      <div className="relative flex aspect-[85.6/54] items-center justify-center overflow-hidden rounded-xl bg-slate-100">
        {state.preview && state.preview !== unshowable ? (
          <img
            src={state.preview}
            alt={`Ảnh ${name} đã chọn`}
            onError={() => setUnshowable(state.preview)}
            className="size-full object-contain"
          />
        ) : (
          <span className="px-4 text-center text-sm text-slate-600">
            {state.preview
              ? 'Không xem trước được ảnh này'
              : locked
                ? PROFILE_MESSAGES.idBackBeforeFront
                : 'Chưa có ảnh'}
          </span>
        )}
        {processing && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/80">
            <span
              aria-hidden
              className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
            />
            <progress
              value={Math.round(state.progress * 100)}
              max={100}
              aria-label={`Tiến độ tải ${name}`}
              className="h-2 w-32"
            />
          </div>
        )}
      </div>
      {/* A polite live region that is always there, so each change of the side's state is announced. */}
      <p id={statusId} role="status" className="mt-2 min-h-5 text-sm">
        {processing && <span className="font-medium text-slate-800">Đang xử lý ảnh...</span>}
        {state.phase === 'done' && <span className="font-medium text-green-800">Đã tải lên</span>}
      </p>
      {state.error && (
        <p role="alert" className="mt-1 text-sm text-brand-700">
          {state.error}
        </p>
      )}
      <input ref={galleryRef} {...inputProps} />
      <input ref={cameraRef} {...inputProps} capture="environment" />
      <div className="mt-3 flex flex-wrap gap-2">
        {state.phase !== 'done' && (
          <>
            <button
              ref={chooseRef}
              type="button"
              className={buttonSecondary}
              onClick={() => galleryRef.current?.click()}
              disabled={locked || disabled}
            >
              Chọn ảnh<span className="sr-only"> {name}</span>
            </button>
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => cameraRef.current?.click()}
              disabled={locked || disabled}
            >
              Chụp ảnh<span className="sr-only"> {name}</span>
            </button>
          </>
        )}
        {state.phase === 'error' && state.file && (
          <button type="button" className={buttonSecondary} onClick={onResend} disabled={disabled}>
            Gửi lại ảnh<span className="sr-only"> {name}</span>
          </button>
        )}
        {/* A picture the server could not use can be removed too (or replaced by choosing another). */}
        {(state.phase === 'done' || state.phase === 'error') && (
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => {
              onRemove();
              // The button goes away with the picture: keep the keyboard focus on this side's card.
              requestAnimationFrame(() => chooseRef.current?.focus());
            }}
            disabled={disabled}
          >
            Xóa ảnh<span className="sr-only"> {name}</span>
          </button>
        )}
      </div>
    </section>
  );
}
