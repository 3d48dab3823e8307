import { useEffect, useRef, useState } from 'react';

type Status = 'starting' | 'scanning' | 'failed';

/** How often a camera frame is decoded: often enough to feel instant, rarely enough for a phone's CPU. */
const DECODE_EVERY_MS = 150;

/** Reads one camera frame: the code's text, or null when none is in view. */
export type FrameDecoder = (frame: ImageData) => string | null;

/**
 * The device camera (the back one on phones) with each frame handed to a decoder in the browser.
 * The decoder is loaded when the camera opens (`loadDecoder`, a dynamic import), so it is in no
 * chunk but its own; it must be pure JavaScript (the CSP allows no eval and no WebAssembly).
 * Calls `onCode` once per distinct code. The QR check-in and the blood-bag label share it.
 */
export function CameraScanner({
  loadDecoder,
  onCode,
  hint,
  failed,
  frame = 'square',
}: {
  loadDecoder: () => Promise<FrameDecoder>;
  onCode: (code: string) => void;
  /** What to hold in view, said while scanning. */
  hint: string;
  /** What to do instead when the camera cannot open. */
  failed: string;
  /** The aiming frame: a square (QR code) or a wide band (a barcode). */
  frame?: 'square' | 'wide';
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('starting');
  const onCodeRef = useRef(onCode);
  const loadRef = useRef(loadDecoder);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = '';
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    async function start() {
      try {
        const [decode, media] = await Promise.all([
          loadRef.current(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        const video = videoRef.current!;
        video.srcObject = stream;
        await video.play();
        setStatus('scanning');
        const tick = () => {
          if (stopped) return;
          if (context && video.videoWidth > 0) {
            canvas.width = video.videoWidth;
            canvas.height = video.videoHeight;
            context.drawImage(video, 0, 0);
            const code = decode(context.getImageData(0, 0, canvas.width, canvas.height))?.trim();
            if (code && code !== last) {
              last = code;
              onCodeRef.current(code);
            }
          }
          timer = setTimeout(tick, DECODE_EVERY_MS);
        };
        tick();
      } catch {
        if (!stopped) setStatus('failed');
      }
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="space-y-2">
      <div
        className={`relative mx-auto w-full max-w-sm overflow-hidden rounded-xl bg-slate-900 ${frame === 'square' ? 'aspect-square' : 'aspect-[4/3]'}`}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Hình ảnh từ camera"
          className="size-full object-cover"
        />
        {status === 'scanning' && (
          <span
            aria-hidden
            className={`pointer-events-none absolute rounded-lg border-4 border-white/80 ${frame === 'square' ? 'inset-[15%]' : 'inset-x-[8%] inset-y-[30%]'}`}
          />
        )}
      </div>
      <p role="status" className="text-center text-sm text-slate-700">
        {status === 'starting' && 'Đang mở camera...'}
        {status === 'scanning' && hint}
        {status === 'failed' && failed}
      </p>
    </div>
  );
}
