import { PERMISSION_PARTIES } from '#common/exchange/requests.ts'
import { SERVICE_ORDER_ACTIONS, SERVICE_ORDER_SIDES, SERVICE_ORDER_STATUSES } from '#common/exchange/service-orders.ts'
import { SERVICE_TYPES } from '#common/exchange/services.ts'
import { z } from '#common/zod.ts'

/** The response shapes of the service order routes, for OpenAPI and the serializer. */

const Kopecks = z.number().int().describe('Копейки')
const Actor = z.enum(['customer', 'contractor'])

const Party = z.object({ id: z.uuid(), name: z.string(), fullName: z.string(), slug: z.string(), inn: z.string() })

const AttachedFileSchema = z.object({
  fileId: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
})

const Submission = z.object({
  report: z.string(),
  files: z.array(AttachedFileSchema),
  submittedAt: z.string(),
})

export const ServiceReviewSchema = z.object({
  side: z.enum(SERVICE_ORDER_SIDES).describe('Чей отзыв: purchase — заказчика об исполнителе, sale — наоборот'),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  authorName: z.string(),
  authorOrganizationName: z.string(),
  createdAt: z.string(),
})

export const ServiceOrderDetailsSchema = z.object({
  number: z.string(),
  side: z.enum(SERVICE_ORDER_SIDES),
  status: z.enum(SERVICE_ORDER_STATUSES),
  type: z.enum(SERVICE_TYPES),
  title: z.string(),
  priceKopecks: Kopecks,
  startsOn: z.string(),
  endsOn: z.string(),
  terms: z.string(),
  flight: z.object({
    maxAltitudeM: z.number(),
    controlledAirspace: z.boolean(),
    restrictedZone: z.boolean(),
    permissionBy: z.enum(PERMISSION_PARTIES),
  }),
  request: z.object({ number: z.string() }),
  customer: Party,
  contractor: Party,
  result: Submission.nullable(),
  reworkComment: z.string().nullable(),
  cancelReason: z.string().nullable(),
  chatRoomId: z.uuid().nullable(),
  history: z.array(
    z.object({
      event: z.string(),
      from: z.enum(SERVICE_ORDER_STATUSES).nullable(),
      to: z.enum(SERVICE_ORDER_STATUSES),
      by: Actor,
      byName: z.string().nullable(),
      comment: z.string().nullable(),
      submission: Submission.nullable(),
      at: z.string(),
    }),
  ),
  actions: z.array(z.enum(SERVICE_ORDER_ACTIONS)),
  documents: z.array(z.object({ kind: z.enum(['act']), title: z.string(), href: z.string() })),
  reviews: z.array(ServiceReviewSchema),
  canReview: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const ServiceReviewsSummarySchema = z.object({
  items: z.array(ServiceReviewSchema),
  count: z.number().int(),
  average: z.number().nullable(),
})

export const ServiceOrderParams = z.object({ side: z.enum(SERVICE_ORDER_SIDES), number: z.string() })
export const ServiceOrderFileParams = ServiceOrderParams.extend({ fileId: z.string() })
export const ServiceOrderNumberParams = z.object({ number: z.string() })
export const OrganizationParams = z.object({ organizationId: z.string() })
