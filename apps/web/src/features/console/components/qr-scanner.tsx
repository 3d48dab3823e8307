import { useEffect, useRef, useState } from 'react';

type Status = 'starting' | 'scanning' | 'failed';

/** How often a camera frame is decoded: often enough to feel instant, rarely enough for a phone's CPU. */
const DECODE_EVERY_MS = 150;

/**
 * The device camera (the back one on phones) with each frame read for a QR code in the browser.
 * The decoder (jsqr, pure JavaScript: the CSP allows no eval and no WebAssembly) is loaded when
 * the scanner opens, so it is in no chunk but its own. Calls `onCode` once per distinct code.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('starting');
  const onCodeRef = useRef(onCode);
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
        const [{ default: jsQR }, media] = await Promise.all([
          import('jsqr'),
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
            const frame = context.getImageData(0, 0, canvas.width, canvas.height);
            const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
            const code = found?.data.trim();
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
      <div className="relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-xl bg-slate-900">
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
            className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80"
          />
        )}
      </div>
      <p role="status" className="text-center text-sm text-slate-700">
        {status === 'starting' && 'Đang mở camera...'}
        {status === 'scanning' && 'Đưa mã QR của người hiến máu vào khung hình.'}
        {status === 'failed' &&
          'Không thể mở camera. Hãy cho phép truy cập camera, hoặc nhập mã check-in hay tìm người hiến máu.'}
      </p>
    </div>
  );
}
