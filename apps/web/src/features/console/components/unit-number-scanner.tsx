import { CameraScanner, type FrameDecoder } from './camera-scanner';

/** ZXing's Code 128 reader, loaded when the scanner opens (a chunk of its own, never on donor pages). */
const loadCode128Decoder = async (): Promise<FrameDecoder> =>
  (await import('./code128-decoder')).decodeCode128;

/** The blood bag's unit number (its ISBT 128 Code 128 label) through the camera. */
export function UnitNumberScanner({ onCode }: { onCode: (code: string) => void }) {
  return (
    <CameraScanner
      loadDecoder={loadCode128Decoder}
      onCode={onCode}
      frame="wide"
      hint="Đưa mã vạch mã túi máu trên nhãn túi vào khung hình."
      failed="Không thể mở camera. Hãy cho phép truy cập camera, hoặc nhập mã túi máu."
    />
  );
}
