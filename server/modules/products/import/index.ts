import { PHOTO_LIMITS } from '#common/product-media.ts'
import { createPublicFetcher } from '../../../public-fetch.ts'
import { createFileStorage } from '../../files/index.ts'
import { defineModule } from '../../module.ts'
import { IMPORT_CLEANUP_JOB } from './imports.cleanup.ts'
import { IMPORT_JOB } from './imports.job.ts'
import { PICTURE_TIMEOUT_MS, PICTURES_JOB } from './imports.pictures.ts'
import { PARSE_JOB } from './imports.parse-job.ts'
import { importsRoutes } from './imports.routes.ts'
import { createImportsService, type ImportsService } from './imports.service.ts'
import * as tables from './imports.table.ts'

export type { ImportsService } from './imports.service.ts'
export type { ExchangeGood, ExchangeOfferUpdate, PictureSource } from './imports.exchange.ts'
export { OfferCollector } from './file/offers.ts'
export { suggestParamMapping } from './file/mapping.ts'

/** Loading a vendor's catalogue file into their drafts, and its pictures, through the job queue. */
export const productImportsModule = defineModule({
  name: 'productImports',
  tables,
  routes: importsRoutes,
  jobs: [PARSE_JOB, IMPORT_JOB, PICTURES_JOB, IMPORT_CLEANUP_JOB],
  internal: ['writeExchangeGoods', 'writeExchangeOffers', 'takeOffSale', 'fileWaitingDrafts'],
  service: ({ config, limiter }, { jobs, files, catalog }): ImportsService =>
    createImportsService({
      jobs,
      catalog,
      limiter,
      uploads: files.blobs,
      pictures: {
        fetcher: createPublicFetcher({
          maxBytes: PHOTO_LIMITS.maxBytes,
          timeoutMs: PICTURE_TIMEOUT_MS,
          allowAddresses: config.IMPORT_PICTURES_ALLOWED_ADDRESSES,
        }),
        // Photos are stored where the products module keeps them (the files' storage).
        storage: createFileStorage(config),
        sliceMs: config.IMPORT_PICTURES_SLICE_SECONDS * 1000,
      },
    }),
})
