import { api } from '#app/lib/api.ts'
import { uploadWithProgress } from '#app/lib/upload.ts'

/** An uploaded picture of an article (cover or body), as the server keeps it. */
export interface UploadedArticleImage {
  fileId: string
  url: string
  width: number
  height: number
}

/** A product found for an embed. */
export interface EmbedSearchItem {
  id: string
  slug: string
  name: string
  priceKopecks: number | null
}

/** Sends one picture to the media module; it comes back re-encoded, with its size. */
export const uploadArticleImage = (file: File, onProgress: (share: number) => void = () => {}) =>
  uploadWithProgress<UploadedArticleImage>('/media/staff/images', file, onProgress)

/** Products on sale whose name matches, for the embed's search. */
export async function searchEmbedProducts(q: string): Promise<EmbedSearchItem[]> {
  return (await api.get<{ data: EmbedSearchItem[] }>('/media/staff/products', { query: { q } })).data
}
