/** Where the cabinet's product pages are. */
export const PRODUCTS_PATH = '/personal-account/products'
export const editProductPath = (id: string) => `${PRODUCTS_PATH}/edit/${id}`
export const previewProductPath = (id: string) => `${PRODUCTS_PATH}/preview/${id}`
export const IMPORT_PRODUCTS_PATH = `${PRODUCTS_PATH}/import`
