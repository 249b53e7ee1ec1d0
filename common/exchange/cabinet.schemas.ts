import { singleLineText } from '../text.ts'
import { fromDigits, z } from '../zod.ts'
import { SERVICE_ORDER_SIDES } from './service-orders.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'
import {
  CABINET_LIMITS,
  CABINET_OFFER_FILTERS,
  CABINET_ORDER_FILTERS,
  CABINET_PROPOSAL_FILTERS,
  CABINET_REQUEST_FILTERS,
} from './cabinet.ts'

/** The cabinet's list queries, apart from cabinet.ts so that its pages load no zod for its words. */

const search = singleLineText()
  .max(CABINET_LIMITS.search, `Не больше ${formatCount(CABINET_LIMITS.search, CHARACTERS_UP_TO)}`)
  .optional()
const page = fromDigits(z.number().int().min(1).max(CABINET_LIMITS.maxPage)).default(1)

export const CabinetRequestsQuery = z.object({ filter: z.enum(CABINET_REQUEST_FILTERS).optional(), q: search, page })
export const CabinetProposalsQuery = z.object({ filter: z.enum(CABINET_PROPOSAL_FILTERS).optional(), q: search, page })
export const CabinetOffersQuery = z.object({ filter: z.enum(CABINET_OFFER_FILTERS).optional(), q: search, page })
export const CabinetOrdersQuery = z.object({
  filter: z.enum(CABINET_ORDER_FILTERS).optional(),
  side: z.enum(SERVICE_ORDER_SIDES).optional(),
  q: search,
  page,
})

/** Every tab's filters in one schema: what GET /exchange/cabinet/{tab} documents and accepts. */
export const CabinetListQuery = z.object({
  filter: z.string().max(40).optional().describe('Фильтр вкладки: группа статусов или статус'),
  side: z
    .enum(SERVICE_ORDER_SIDES)
    .optional()
    .describe('Только для заказов: purchase — я заказчик, sale — исполнитель'),
  q: search.describe('Поиск по номеру или названию'),
  page,
})

/** How many rows each tab has, for the tab labels. */
