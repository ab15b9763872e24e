// What a file is, from its first bytes (never its name or declared type). Only the four photo
// formats are accepted; the others are recognised so the refusal can say what was sent.

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';
export const ACCEPTED_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'avif'];

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** An ISO-BMFF file (AVIF, HEIC, MP4…): its major and compatible brands. */
function isoBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = Math.min(
    ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
    64,
    bytes.length,
  );
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
  return brands;
}

/** The accepted image format the bytes are in, or undefined. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const brands = isoBrands(bytes);
  if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  return undefined;
}

/** A few words on what a refused file looks like ("an SVG drawing"), when recognisable. */
export function describeOtherContent(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return 'an empty file';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg|<svg[\s>])/.test(head) || head.includes('<svg'))
    return 'an SVG drawing';
  if (/^<!doctype html|^<html|^<head|^<body|^<script|^<!--/.test(head)) return 'a web page (HTML)';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'a GIF';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'a PDF';
  if (startsWith(bytes, [0x42, 0x4d])) return 'a BMP';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'a TIFF';
  const brands = isoBrands(bytes);
  if (brands.some((b) => ['heic', 'heix', 'hevc', 'heif', 'mif1'].includes(b))) return 'a HEIC/HEIF photo';
  if (brands.length > 0) return 'a video';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP archive';
  return undefined;
}
