/**
 * One uploaded side read from its bytes to what the identity service stores: the checks and
 * decoding of the upload (image-input.ts), the extraction (QR, MRZ, OCR) and the re-encoding for
 * storage. This is the whole CPU-heavy part of an upload, so it is what the worker threads of
 * pool.ts run; the request's thread keeps only I/O, encryption and the database.
 *
 * Everything given and returned crosses a thread boundary (structured clone): plain data only.
 * A refused image comes back as its `ImageInputError` code rather than thrown, since a class
 * thrown in a worker arrives on the main thread as a bare Error.
 */
import type { BackExtraction, FrontExtraction } from './extract-fields.ts';
import { extractBack } from './extract-back.ts';
import { extractFront } from './extract-front.ts';
import { encodeForStorage, ImageInputError, prepareImage, type ImageErrorCode } from './image-input.ts';

export type ReadSideTask =
  | { side: 'front'; image: Uint8Array }
  | { side: 'back'; image: Uint8Array; front: FrontExtraction; now: Date };

export type ReadSideResult =
  | { ok: true; side: 'front'; extraction: FrontExtraction; stored: Uint8Array }
  | { ok: true; side: 'back'; extraction: BackExtraction; stored: Uint8Array }
  | { ok: false; code: ImageErrorCode };

/** Reads one side on the calling thread. Errors other than a refused image are thrown. */
export async function readSide(task: ReadSideTask): Promise<ReadSideResult> {
  let prepared;
  try {
    prepared = await prepareImage(task.image);
  } catch (error) {
    if (error instanceof ImageInputError) return { ok: false, code: error.code };
    throw error;
  }
  const stored = await encodeForStorage(prepared);
  if (task.side === 'front')
    return { ok: true, side: 'front', extraction: await extractFront(prepared), stored };
  const extraction = await extractBack(prepared, { front: task.front, now: task.now });
  return { ok: true, side: 'back', extraction, stored };
}
