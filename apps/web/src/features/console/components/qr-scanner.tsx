import { CameraScanner, type FrameDecoder } from './camera-scanner';

/** jsqr (pure JavaScript), loaded when the scanner opens. */
const loadQrDecoder = async (): Promise<FrameDecoder> => {
  const { default: jsQR } = await import('jsqr');
  return (frame) =>
    jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
};

/** The donor's check-in QR code through the camera. Calls `onCode` once per distinct code. */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  return (
    <CameraScanner
      loadDecoder={loadQrDecoder}
      onCode={onCode}
      hint="Đưa mã QR của người hiến máu vào khung hình."
      failed="Không thể mở camera. Hãy cho phép truy cập camera, hoặc nhập mã check-in hay tìm người hiến máu."
    />
  );
}
