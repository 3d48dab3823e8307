import jsQR from 'jsqr';
import { getDocumentProxy } from 'unpdf';

/**
 * The text of the QR code printed on a PDF's first page, read back from the squares the
 * certificate draws it with (one filled path of equal cells): each cell's corner gives its place
 * on the code's grid, the grid is painted into a picture, and jsqr reads the picture.
 * pdf.js takes the bytes over: pass a copy the caller no longer needs.
 */
export async function qrTextOfPdf(pdf: Uint8Array): Promise<string> {
  polyfillTransfer();
  const doc = await getDocumentProxy(pdf);
  const page = await doc.getPage(1);
  const ops = await page.getOperatorList();
  const CONSTRUCT_PATH = 91; // pdf.js OPS.constructPath
  let best: { x: number; y: number; size: number }[] = [];
  ops.fnArray.forEach((fn, i) => {
    if (fn !== CONSTRUCT_PATH) return;
    // pdf.js 5: [paint op, [path data: 0 moveTo x y, 1 lineTo x y, 4 closePath], bbox]
    const data = (ops.argsArray[i] as [number, (Float32Array | number[] | null)[]])[1]?.[0];
    if (!data) return;
    const cells: { x: number; y: number; size: number }[] = [];
    let points: [number, number][] = [];
    for (let k = 0; k < data.length;) {
      const op = data[k]!;
      if (op === 0 || op === 1) {
        points.push([data[k + 1]!, data[k + 2]!]);
        k += 3;
      } else if (op === 4) {
        if (points.length >= 4) {
          const xs = points.map((p) => p[0]);
          const ys = points.map((p) => p[1]);
          const size = Math.max(...xs) - Math.min(...xs);
          cells.push({ x: Math.min(...xs), y: Math.min(...ys), size });
        }
        points = [];
        k += 1;
      } else return; // a curve: not the code's squares
    }
    if (cells.length > best.length) best = cells;
  });
  if (best.length < 20) throw new Error('No QR code drawn on the PDF');
  const cell = Math.min(...best.map((c) => c.size));
  const minX = Math.min(...best.map((c) => c.x));
  const minY = Math.min(...best.map((c) => c.y));
  const at = (v: number, min: number) => Math.round((v - min) / cell);
  const modules = Math.max(...best.map((c) => Math.max(at(c.x, minX), at(c.y, minY)))) + 1;
  // 8 pixels a module, 4 modules of white around.
  const scale = 8;
  const border = 4;
  const side = (modules + border * 2) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const c of best) {
    const mx = at(c.x, minX) + border;
    const my = at(c.y, minY) + border;
    for (let y = my * scale; y < (my + 1) * scale; y++)
      for (let x = mx * scale; x < (mx + 1) * scale; x++)
        rgba.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
  }
  // The PDF's y axis may point up: try the picture as drawn and mirrored top to bottom.
  const found = jsQR(rgba, side, side) ?? jsQR(flip(rgba, side), side, side);
  if (!found) throw new Error('The QR code on the PDF could not be read');
  return found.data;
}

function flip(rgba: Uint8ClampedArray, side: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(rgba.length);
  const row = side * 4;
  for (let y = 0; y < side; y++) out.set(rgba.subarray(y * row, (y + 1) * row), (side - 1 - y) * row);
  return out;
}

/**
 * pdf.js 5 loads fonts with ArrayBuffer.prototype.transferToFixedLength, which Node 20 lacks:
 * a copy does the same for reading.
 */
function polyfillTransfer() {
  const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: unknown };
  if (typeof proto.transferToFixedLength === 'function') return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    value(this: ArrayBuffer, length?: number) {
      const copy = new ArrayBuffer(length ?? this.byteLength);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(this.byteLength, copy.byteLength)));
      return copy;
    },
  });
}
