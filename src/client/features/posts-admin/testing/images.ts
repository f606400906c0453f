import sharp from 'sharp';

/** A real PNG of the given size, as a browser would hand it over from the file picker. */
export async function pngFile(name = 'photo.png', width = 64, height = 48): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 29, g: 78, b: 216 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}
