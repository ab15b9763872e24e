import sharp, { type Metadata } from 'sharp';
import { STORED_IMAGE_WIDTHS, variantSize, type StoredImageWidth } from '../../../src/lib/stored-images.ts';
import { describeOtherContent, sniffImageFormat, type ImageFormat } from './sniff.ts';

// Turns untrusted bytes into images we are willing to keep: the format is read from the bytes,
// the pixel count is checked from the header before anything is decoded (a small PNG can claim
// 30,000 × 30,000 pixels), and everything is re-encoded, so EXIF, GPS, ICC text, appended data or
// anything else hidden in the file is gone.

/** Above this many pixels (width × height) an image is refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Neither side may be smaller (a cover made of a few pixels is a mistake). */
export const MIN_SIDE_PIXELS = 32;
/** The kept original is scaled down to fit this on its longest side (2.5× the widest variant). */
export const MAX_ORIGINAL_SIDE = 3000;

/** A refusal the person who sent the file can act on (the API answers it with a 400). */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

export interface PreparedImage {
  format: ImageFormat;
  /** The re-encoded original (same format, metadata stripped, upright). */
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ImageVariant {
  width: number;
  height: number;
  bytes: Buffer;
}

const ACCEPTED_TEXT = 'a JPEG, PNG, WebP or AVIF image';

function decoder(bytes: Uint8Array) {
  // failOn 'error': a truncated or corrupt file is refused rather than half-decoded.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
}

/** Checks the bytes are an acceptable photo and re-encodes them; throws ImageRejectedError. */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) {
    const looksLike = describeOtherContent(bytes);
    throw new ImageRejectedError(
      `The file is not ${ACCEPTED_TEXT}${looksLike ? ` (it looks like ${looksLike})` : ''}. Choose a photo in one of those formats.`,
    );
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(
      `The file starts like ${ACCEPTED_TEXT} but cannot be read. It may be damaged.`,
    );
  }
  const decoded =
    metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : 'heic') : metadata.format;
  if (decoded !== format)
    throw new ImageRejectedError(
      `The file starts like ${ACCEPTED_TEXT} but its contents do not match. It may be damaged.`,
    );
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_INPUT_PIXELS)
    throw new ImageRejectedError(
      `The image is ${width} × ${height} pixels; the limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Resize it and try again.`,
    );
  if (width < MIN_SIDE_PIXELS || height < MIN_SIDE_PIXELS)
    throw new ImageRejectedError(
      `The image is only ${width} × ${height} pixels; it needs at least ${MIN_SIDE_PIXELS} on each side.`,
    );
  try {
    // rotate(): apply the EXIF orientation before the EXIF block is dropped.
    const pipeline = decoder(bytes).rotate().resize({
      width: MAX_ORIGINAL_SIDE,
      height: MAX_ORIGINAL_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 8 })
          : format === 'webp'
            ? pipeline.webp({ quality: 90 })
            : pipeline.avif({ quality: 70, effort: 2 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { format, bytes: data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    throw new ImageRejectedError(
      `The image could not be decoded (${(err as Error).message}). It may be damaged.`,
    );
  }
}

/** The 3:2 WebP variant `target` wide (smaller originals are not enlarged). */
export async function makeVariant(original: Uint8Array, target: StoredImageWidth): Promise<ImageVariant> {
  const meta = await decoder(original).metadata();
  const size = variantSize({ width: meta.width ?? 0, height: meta.height ?? 0 }, target);
  const { data, info } = await decoder(original)
    .resize({ ...size, fit: 'cover', position: sharp.strategy.attention })
    .webp({ quality: 80, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, bytes: data };
}

/** Every variant of an original, widest first. */
export async function makeVariants(original: Uint8Array): Promise<Map<StoredImageWidth, ImageVariant>> {
  const variants = new Map<StoredImageWidth, ImageVariant>();
  for (const width of STORED_IMAGE_WIDTHS) variants.set(width, await makeVariant(original, width));
  return variants;
}
