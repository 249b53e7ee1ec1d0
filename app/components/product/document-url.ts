import { getApiBaseUrl } from '#app/lib/api-config.ts'

/** Where a product's document (PDF) is downloaded from: the product page, the preview, the form. */
export const productDocumentUrl = (productId: string, fileId: string) =>
  `${getApiBaseUrl().replace(/\/+$/, '')}/products/${productId}/documents/${fileId}`
