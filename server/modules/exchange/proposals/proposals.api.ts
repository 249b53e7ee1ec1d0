import { PROPOSAL_BLOCKS, PROPOSAL_STATUSES } from '#common/exchange/proposals.ts'
import { REQUEST_STATUSES } from '#common/exchange/requests.ts'
import { z } from '#common/zod.ts'

/** The response shapes of the proposal routes, for OpenAPI and the serializer. */

const Kopecks = z.number().int().describe('Копейки')
const IsoDate = z.string().describe('Дата ISO, ГГГГ-ММ-ДД')

const AttachedFileSchema = z.object({
  fileId: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
})

const Content = {
  priceKopecks: Kopecks,
  startsOn: IsoDate,
  endsOn: IsoDate,
  terms: z.string(),
  message: z.string(),
  files: z.array(AttachedFileSchema),
}

export const ProposalViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(PROPOSAL_STATUSES),
  vendor: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  ...Content,
  revision: z.number().int().describe('Номер текущей версии; прежние — в revisions'),
  revisions: z.array(z.object({ revision: z.number().int(), ...Content, replacedAt: z.string() })),
  rejectReason: z.string().nullable(),
  chatRoomId: z.uuid().nullable().describe('Комната чата заявки с этим исполнителем'),
  serviceOrderNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const RequestProposalsSchema = z.object({
  request: z.object({
    number: z.string(),
    title: z.string(),
    status: z.enum(REQUEST_STATUSES),
    allowSeveral: z.boolean(),
    takingProposals: z.boolean(),
  }),
  viewer: z.enum(['customer', 'vendor', 'other']),
  proposals: z.array(ProposalViewSchema).describe('Заказчику — все предложения, исполнителю — его собственное'),
  canPropose: z.boolean(),
  blocked: z.object({ reason: z.enum(PROPOSAL_BLOCKS), message: z.string() }).nullable(),
  canDecide: z.boolean(),
  today: IsoDate,
})

export const AcceptedProposalSchema = z.object({ proposal: ProposalViewSchema, serviceOrderNumber: z.string() })

export const RequestNumberParams = z.object({ number: z.string() })
export const ProposalIdParams = z.object({ id: z.string() })
export const ProposalFileParams = ProposalIdParams.extend({ fileId: z.string() })
