/** The five image types the site accepts (docs/product.md#images). */
export type AcceptedImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The type of an image judged by its first bytes, never by its name or declared type; null for
 * anything else (SVG, HTML, text, TIFF, HEIC …), which then never reaches a decoder.
 */
export function sniffImageType(bytes: Buffer): AcceptedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4) && isAvifBrand(bytes)) return 'avif';
  return null;
}

/** An ISO-BMFF file is AVIF when its major or a compatible brand is avif or avis. */
function isAvifBrand(bytes: Buffer): boolean {
  const boxSize = bytes.readUInt32BE(0);
  const end = Math.min(boxSize, bytes.length, 256);
  for (let offset = 8; offset + 4 <= end; offset += 4) {
    if (offset === 12) continue; // minor version, not a brand
    const brand = bytes.toString('latin1', offset, offset + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}
