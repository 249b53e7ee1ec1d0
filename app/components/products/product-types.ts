import type { Services } from '#server/services.ts'

/** A product as the cabinet's form and preview get it from the products service. */
export type CabinetProductDetails = Awaited<ReturnType<Services['products']['get']>>
