/** Photos wider than this are scaled down in the browser before upload. */
const MAX_UPLOAD_WIDTH = 2400;

/** What a scaled copy is encoded as: photos stay lossy (JPEG, or WebP for WebP), PNG screenshots stay lossless. */
const OUTPUT_TYPE: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/avif': 'image/jpeg',
  'image/webp': 'image/webp',
  'image/png': 'image/png',
};
const EXTENSION: Record<string, string> = { 'image/jpeg': '.jpg', 'image/webp': '.webp', 'image/png': '.png' };
const QUALITY = 0.9;

export interface Prepared {
  file: File;
  /** The size as chosen, when the file was scaled down. */
  originalBytes?: number;
}

/**
 * The file as it will be sent: a still image wider than 2,400 px (after its EXIF orientation is
 * applied, so a portrait photo stays upright) drawn again at 2,400 px wide. A 15 MB, 48-megapixel
 * phone photo comes out near 1 to 2 MB, under the server's 5 MB limit. GIFs (which may move),
 * smaller images, and browsers that cannot decode the file keep the file as it is.
 */
export async function prepareImage(file: File): Promise<Prepared> {
  const type = OUTPUT_TYPE[file.type];
  if (!type || !mayScale(file)) return { file };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { file };
  }
  try {
    if (bitmap.width <= MAX_UPLOAD_WIDTH) return { file };
    const width = MAX_UPLOAD_WIDTH;
    const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { file };
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));
    if (!blob || blob.type !== type) return { file };
    const name = file.name.replace(/\.[^.]*$/, '') + (EXTENSION[type] ?? '');
    return { file: new File([blob], name, { type, lastModified: file.lastModified }), originalBytes: file.size };
  } finally {
    bitmap.close();
  }
}

/** Whether `prepareImage` may change the file: a still image, in a browser that can decode it. */
export function mayScale(file: File): boolean {
  return OUTPUT_TYPE[file.type] !== undefined && typeof createImageBitmap === 'function';
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** "15.2 MB, scaled to 2,400 px wide: 1.8 MB", or the size alone. */
export function sizeNote({ file, originalBytes }: Prepared): string {
  return originalBytes === undefined
    ? megabytes(file.size)
    : `${megabytes(originalBytes)}, scaled to ${MAX_UPLOAD_WIDTH.toLocaleString('en-US')} px wide: ${megabytes(file.size)}`;
}
