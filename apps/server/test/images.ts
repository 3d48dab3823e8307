import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A PNG of one colour. */
export const solidPng = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A tiny PNG whose header claims width × height: a decompression bomb as the server first sees it. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solidPng(16, 16, '#ffffff'));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29); // IHDR type + data
  return png;
}

/** A tiny GIF whose screen and only frame claim width × height. */
export async function gifClaiming(width: number, height: number): Promise<Buffer> {
  const gif = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer(),
  );
  gif.writeUInt16LE(width, 6);
  gif.writeUInt16LE(height, 8);
  const frame = gif.indexOf(0x2c, 13); // image descriptor: ',' left top width height
  gif.writeUInt16LE(width, frame + 5);
  gif.writeUInt16LE(height, frame + 7);
  return gif;
}
