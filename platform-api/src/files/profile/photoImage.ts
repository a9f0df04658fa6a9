// A profile photo as it is stored: turned upright (EXIF orientation), fitted
// inside FILE_LIMITS.photoSize without enlarging, and re-encoded as WebP.
// Re-encoding with sharp writes none of the input's metadata (EXIF with GPS
// and camera serials, XMP, ICC comments): only pixels survive. Decoding runs
// on libvips' threads, not the event loop.
import sharp from 'sharp';
import { FILE_ERROR_CODES, FILE_LIMITS } from '@agentflow/shared/server';
import { FileRefusedError } from '../errors.js';

export const PHOTO_CONTENT_TYPE = 'image/webp';

/**
 * The most pixels a photo may decode to: a 5 MB file can hold a
 * decompression bomb (a 30 000 × 30 000 PNG of one colour). 64 MP is above
 * any phone camera's usual output and keeps decoding within ~256 MB.
 */
export const MAX_PHOTO_PIXELS = 64_000_000;

const QUALITY = 82;

/** Why a photo was refused after its type was accepted: it does not decode (damaged, cut off, too many pixels). */
export const photoUnreadable = (field: string) =>
  new FileRefusedError(400, `${field}: the image could not be read; it may be damaged or larger than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`, FILE_ERROR_CODES.badUpload, {
    field,
    reason: 'image_unreadable',
  });

export interface ProcessedPhoto {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: typeof PHOTO_CONTENT_TYPE;
}

/** Upright, at most photoSize on its longest side, WebP, without metadata; refuses an image that does not decode. */
export async function processPhoto(input: Buffer, field = 'photo'): Promise<ProcessedPhoto> {
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS, animated: false })
      .rotate()
      .resize({ width: FILE_LIMITS.photoSize, height: FILE_LIMITS.photoSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: PHOTO_CONTENT_TYPE };
  } catch {
    throw photoUnreadable(field);
  }
}
