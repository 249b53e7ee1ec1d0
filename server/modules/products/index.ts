import { feedLinks } from '../catalog/index.ts'
import { createFileStorage } from '../files/index.ts'
import { defineModule } from '../module.ts'
import { vendorDirectory } from '../organizations/index.ts'
import { createProductsExport, type ProductsExport } from './products.export.ts'
import { productsExportRoutes } from './products.export.routes.ts'
import { createProductModeration, type ProductModeration } from './products.moderation.ts'
import { createProductOrigins, type ProductOrigins } from './products.origin.ts'
import { productsRoutes } from './products.routes.ts'
import { type CabinetProducts, createProductsService } from './products.service.ts'
import { createProductStock, type ProductStock } from './products.stock.ts'
import * as tables from './products.table.ts'

export { PhotoSchema } from './products.api.ts'
export type { CabinetProducts } from './products.service.ts'
export type { ProductStock } from './products.stock.ts'
export type { ProductOrigins } from './products.origin.ts'
export { deleteUploadedPhoto, storeUploadedPhoto } from './uploaded-photos.ts'
// The 1С exchange writes goods through the import's writer and reads files as imports do.
export type { ExchangeGood, ExchangeOfferUpdate, ImportsService, PictureSource } from './import/index.ts'
export { OfferCollector, suggestParamMapping } from './import/index.ts'
export { declaredXmlEncoding } from './import/file/decode.ts'

/**
 * The vendors' products: drafts in the seller cabinet, their moderation by staff, and through
 * the catalogue's service the versions on sale. `moderation` is the staff side; `exports` the
 * cabinet's CSV download and what its export panel shows; `stock` what orders take and give back;
 * `origins` the country and customs declaration of imported goods, for transfer documents.
 */
export type ProductsService = CabinetProducts & {
  moderation: ProductModeration
  exports: ProductsExport
  stock: ProductStock
  origins: ProductOrigins
}

export const productsModule = defineModule({
  name: 'products',
  tables,
  routes: async (app) => {
    await app.register(productsRoutes)
    await app.register(productsExportRoutes)
  },
  service: ({ config, limiter }, { catalog, files, organizations, notifications, identity }): ProductsService => ({
    // The files module's storage (disk or S3, by the same settings): photos live beside uploads.
    ...createProductsService({ catalog, limiter, files, storage: createFileStorage(config) }),
    moderation: createProductModeration({
      catalog,
      organizations,
      vendors: vendorDirectory,
      events: notifications,
      describeUsers: identity.describeUsers,
    }),
    stock: createProductStock(catalog),
    origins: createProductOrigins({ limiter }),
    exports: createProductsExport({
      catalog,
      vendors: vendorDirectory,
      links: feedLinks({ publicUrl: config.publicUrl, cdnUrl: config.CDN_URL }),
    }),
  }),
})
