import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode } from 'uqr';
import { code128Modules } from './code128.ts';

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
  return y4m(luma, width, height, name);
}

/**
 * A fake-camera video of a blood bag's label: `text` as a Code 128 barcode, black bars on white
 * with the standard's quiet zones, across the middle of the frame.
 */
export function code128CameraVideo(text: string, name = 'bag-label'): string {
  const width = 640;
  const height = 480;
  const modules = code128Modules(text);
  const total = modules.reduce((a, b) => a + b, 0) + 20; // 10 modules of quiet zone each side
  const scale = Math.floor((width - 20) / total);
  if (scale < 1) throw new Error('Code 128 label too long for the frame');
  let x = Math.floor((width - total * scale) / 2) + 10 * scale;
  const luma = Buffer.alloc(width * height, 235);
  const top = Math.floor(height * 0.3);
  const bottom = Math.floor(height * 0.7);
  modules.forEach((w, i) => {
    // Even elements are bars, odd ones spaces.
    if (i % 2 === 0)
      for (let y = top; y < bottom; y++) luma.fill(16, y * width + x, y * width + x + w * scale);
    x += w * scale;
  });
  return y4m(luma, width, height, name);
}

/** Ten grey frames (the luma given, chroma neutral) as a Y4M file Chromium can play. */
function y4m(luma: Buffer, width: number, height: number, name: string): string {
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
