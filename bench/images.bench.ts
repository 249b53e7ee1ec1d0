/**
 * `npm run bench:images`: bytes of WebP against AVIF for our real pictures at the sizes the pages
 * ask for (1x and 2x), encoded exactly as the image service does (server/plugins/render-image.ts),
 * and the CPU time of each encoding. It decides where AppImage offers AVIF (bench/README.md, "Images").
 *
 * Env: BENCH_PHOTOS, comma-separated paths of photographs (JPEG/PNG/WebP) standing in for uploaded
 * product photos; the demo data has none, its pictures are the SVG illustrations of content/assets.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ImageBox, IMAGE_SIZES, type ImageSizeName } from '#common/images.ts'
import { renderImage } from '../server/plugins/render-image.ts'

const ASSETS = fileURLToPath(new URL('../content/assets/', import.meta.url))

const svgsIn = async (folder: string) =>
  (await readdir(join(ASSETS, folder))).filter((f) => f.endsWith('.svg')).map((f) => join(ASSETS, folder, f))

const GROUPS: { name: string; files: string[]; sizes: ImageSizeName[] }[] = [
  {
    name: 'product illustrations (catalog/)',
    files: await svgsIn('catalog'),
    sizes: [
      'chatContext',
      'thumb',
      'compare',
      'articleProduct',
      'tile',
      'productCard',
      'categoryCard',
      'productGallery',
    ],
  },
  {
    name: 'article covers (media/cover-*)',
    files: (await svgsIn('media')).filter((f) => f.includes('/cover-')),
    sizes: ['coverPreview', 'articleCard', 'articleFeatured', 'articleCover'],
  },
  { name: 'sphere illustrations (spheres/)', files: await svgsIn('spheres'), sizes: ['sphereCard', 'sphere'] },
  { name: 'seller logos (sellers/)', files: await svgsIn('sellers'), sizes: ['sellerLogoSmall', 'sellerLogo'] },
  {
    name: 'photographs (BENCH_PHOTOS)',
    files: (process.env.BENCH_PHOTOS ?? '').split(',').filter(Boolean),
    sizes: [
      'thumb',
      'compare',
      'articleProduct',
      'sellerOffer',
      'offerCard',
      'productCard',
      'productGallery',
      'articleBody',
      'articleCover',
    ],
  },
]

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

async function encode(file: string, box: ImageBox, format: 'webp' | 'avif') {
  const started = process.cpuUsage()
  const bytes = (await renderImage(file, box, format)).length
  const { user, system } = process.cpuUsage(started)
  return { bytes, cpuMs: (user + system) / 1000 }
}

for (const group of GROUPS) {
  if (group.files.length === 0) continue
  console.log(`\n${group.name}: ${group.files.length} files, totals over all of them`)
  console.log('size                 | webp KiB | avif KiB | avif/webp | webp CPU ms/img | avif CPU ms/img')
  for (const name of group.sizes) {
    const base: ImageBox = IMAGE_SIZES[name]
    for (const scale of [1, 2]) {
      const box = { width: base.width * scale, height: base.height && base.height * scale }
      const totals = { webp: { bytes: 0, cpuMs: 0 }, avif: { bytes: 0, cpuMs: 0 } }
      for (const file of group.files) {
        for (const format of ['webp', 'avif'] as const) {
          const { bytes, cpuMs } = await encode(file, box, format)
          totals[format].bytes += bytes
          totals[format].cpuMs += cpuMs
        }
      }
      const n = group.files.length
      const label = `${name} ${box.width}×${box.height ?? 'auto'}`.padEnd(20)
      console.log(
        `${label} | ${kb(totals.webp.bytes).padStart(8)} | ${kb(totals.avif.bytes).padStart(8)} | ${(totals.avif.bytes / totals.webp.bytes).toFixed(2).padStart(9)} | ${(totals.webp.cpuMs / n).toFixed(0).padStart(15)} | ${(totals.avif.cpuMs / n).toFixed(0).padStart(15)}`,
      )
    }
  }
}
