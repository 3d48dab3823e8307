import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode } from 'uqr';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) showing `text` as
 * a QR code on white, as a phone held up to the staff's tablet would: Y4M, 4:2:0, grey only.
 */
export function qrCameraVideo(text: string, name = 'camera'): string {
  const width = 640;
  const height = 480;
  const qr = encode(text, { ecc: 'M', border: 4 });
  const scale = Math.floor(360 / qr.size);
  const left = Math.floor((width - qr.size * scale) / 2);
  const top = Math.floor((height - qr.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < qr.size * scale; y++) {
    for (let x = 0; x < qr.size * scale; x++) {
      if (qr.data[Math.floor(y / scale)]![Math.floor(x / scale)]) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(tmpdir(), `giothong-${name}-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

/** Chromium flags that make `video` the camera, allowed without asking. */
export const fakeCameraArgs = (video: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];
