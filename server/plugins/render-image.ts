import sharp from 'sharp'
import type { ImageBox, ImageFormat } from '#common/images.ts'

/**
 * One setting per format, never a URL parameter: a `q` in the URL would multiply the variants
 * anyone can make the service encode. AVIF at quality 50 looks like WebP at 80 on our pictures;
 * effort 2 instead of sharp's default 4 keeps nine tenths of the saving for a sixth of the CPU
 * (bench/README.md, "Images").
 */
const ENCODING = {
  webp: { quality: 80 },
  avif: { quality: 50, effort: 2 },
  jpeg: { quality: 80, mozjpeg: true },
} as const

/**
 * Resizes a picture to fill a box (cropping what sticks out; without a height it keeps its
 * proportions) and encodes it. SVG is rasterised at twice the default density so the 2x variants
 * of our illustrations stay sharp. The image service and bench:images share it.
 */
export function renderImage(source: string | Buffer, box: ImageBox, format: ImageFormat): Promise<Buffer> {
  const image = sharp(source, { density: 144 }).resize({ width: box.width, height: box.height, fit: 'cover' })
  return format === 'png' ? image.png().toBuffer() : image.toFormat(format, ENCODING[format]).toBuffer()
}
