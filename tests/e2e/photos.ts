import sharp from 'sharp'

/** A small photo made on the spot, as a file the browser's file input or the API client takes. */
export async function photoFile(name: string, format: 'jpeg' | 'png', rgb: { r: number; g: number; b: number }) {
  const image = sharp({ create: { width: 160, height: 120, channels: 3, background: rgb } })
  const buffer = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer()
  return { name, mimeType: `image/${format}`, buffer }
}
