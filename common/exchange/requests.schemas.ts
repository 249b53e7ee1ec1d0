import { calendarDate } from '../calendar-date.ts'
import { GeoPolygon } from '../geo.ts'
import { addDays } from '../moscow-days.ts'
import { isRegionCode, REGION_CODES } from '../regions.ts'
import { areaOutsideRegionMessage, areaWithinRegion } from '../region-bounds.ts'
import { SPHERE_SLUGS } from '../spheres.ts'
import { multiLineText, singleLineText } from '../text.ts'
import { fromDigits, z } from '../zod.ts'
import { PERMISSION_PARTIES, REQUEST_LIMITS, REQUEST_MESSAGES, REQUEST_VISIBILITIES } from './requests.ts'
import { SERVICE_TYPES, VOLUME_UNITS } from './services.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO, DAYS, EXECUTORS_UP_TO, FILES_UP_TO } from '#common/counted-words.ts'

/**
 * A request as the form and the API send it. Saving a draft checks only that what is given is
 * well-formed (a type at least); publishing also checks that everything is there and makes sense
 * today (`publishProblems`). Both sides use the same messages.
 */

export const RequestNumber = z.string().regex(/^Z-\d{4}-\d{5,}$/, 'Номер заявки — например Z-2611-00042')

const tooLong = (max: number) => `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`
const IsoDate = calendarDate()

export const FlightInput = z.object({
  maxAltitudeM: fromDigits(
    z
      .number({ error: REQUEST_MESSAGES.altitude })
      .int(REQUEST_MESSAGES.altitude)
      .min(1, REQUEST_MESSAGES.altitude)
      .max(REQUEST_LIMITS.maxAltitudeM, REQUEST_MESSAGES.altitude),
  ).default(120),
  controlledAirspace: z.boolean().default(false),
  restrictedZone: z.boolean().default(false),
  permissionBy: z.enum(PERMISSION_PARTIES, { error: REQUEST_MESSAGES.permissionBy }).default('contractor'),
})

export const RequestInput = z.object({
  type: z.enum(SERVICE_TYPES, { error: REQUEST_MESSAGES.type }),
  sphere: z.enum(SPHERE_SLUGS, { error: 'Выберите сферу из списка' }).nullable().default(null),
  title: singleLineText().max(REQUEST_LIMITS.title, tooLong(REQUEST_LIMITS.title)).default(''),
  description: multiLineText().max(REQUEST_LIMITS.description, tooLong(REQUEST_LIMITS.description)).default(''),
  region: z.enum(REGION_CODES, { error: REQUEST_MESSAGES.region }).nullable().default(null),
  address: singleLineText().max(REQUEST_LIMITS.address, tooLong(REQUEST_LIMITS.address)).default(''),
  /** Validated and rounded by common/geo.ts; the server computes its hectares. */
  area: GeoPolygon.nullable().default(null),
  startsOn: IsoDate.nullable().default(null),
  endsOn: IsoDate.nullable().default(null),
  volume: z
    .number({ error: REQUEST_MESSAGES.volume })
    .positive(REQUEST_MESSAGES.volume)
    .max(REQUEST_LIMITS.maxVolume, REQUEST_MESSAGES.volume)
    .nullable()
    .default(null),
  volumeUnit: z.enum(VOLUME_UNITS, { error: 'Выберите единицу объёма' }).default('hectares'),
  /** Null: «по договорённости». */
  budgetKopecks: z
    .number({ error: REQUEST_MESSAGES.budget })
    .int(REQUEST_MESSAGES.budget)
    .positive(REQUEST_MESSAGES.budget)
    .max(REQUEST_LIMITS.maxBudgetKopecks, REQUEST_MESSAGES.budget)
    .nullable()
    .default(null),
  /** Files uploaded through /files, by id. */
  attachmentIds: z
    .array(z.uuid('Файл не найден'))
    .max(REQUEST_LIMITS.attachments, `Не больше ${formatCount(REQUEST_LIMITS.attachments, FILES_UP_TO)}`)
    .default([]),
  flight: FlightInput.default(FlightInput.parse({})),
  visibility: z.enum(REQUEST_VISIBILITIES, { error: 'Выберите, кому видна заявка' }).default('public'),
  invitedOrganizationIds: z
    .array(z.uuid(REQUEST_MESSAGES.invited))
    .max(REQUEST_LIMITS.invited, `Пригласить можно не больше ${formatCount(REQUEST_LIMITS.invited, EXECUTORS_UP_TO)}`)
    .default([]),
  proposalsDeadline: IsoDate.nullable().default(null),
  allowSeveral: z.boolean().default(false),
})
export type RequestInput = z.infer<typeof RequestInput>

/** What an open request may still change: its proposals deadline, later only. */
export const ExtendDeadlineInput = z.object({ proposalsDeadline: IsoDate })

export const REQUEST_CANCEL_REASON_MESSAGE = 'Напишите, почему заявка отменяется'

export const CancelRequestInput = z.object({
  reason: multiLineText({ error: REQUEST_CANCEL_REASON_MESSAGE })
    .min(1, REQUEST_CANCEL_REASON_MESSAGE)
    .max(1000, tooLong(1000)),
})

/** The fields publishing looks at, as they are stored. */
export interface PublishableRequest {
  title: string
  region: string | null
  address: string
  area: unknown
  startsOn: string | null
  endsOn: string | null
  volume: number | null
  proposalsDeadline: string | null
  visibility: (typeof REQUEST_VISIBILITIES)[number]
  invitedOrganizationIds: string[]
}

/**
 * What publishing still refuses, field by field, in Russian; empty when the request may go out.
 * `today` is Moscow's date: no date of the work or the deadline may lie before it.
 */
export function publishProblems(r: PublishableRequest, today: string): Record<string, string> {
  const problems: Record<string, string> = {}
  if (!r.title.trim()) problems.title = REQUEST_MESSAGES.title
  if (!r.region) problems.region = REQUEST_MESSAGES.region
  if (!r.address.trim() && !r.area) problems.address = REQUEST_MESSAGES.location
  if (r.area && r.region && isRegionCode(r.region) && !areaWithinRegion(r.area as GeoPolygon, r.region))
    problems.area = areaOutsideRegionMessage(r.region)
  if (!r.startsOn) problems.startsOn = 'Укажите дату начала работ'
  else if (r.startsOn < today) problems.startsOn = REQUEST_MESSAGES.pastDate
  if (!r.endsOn) problems.endsOn = 'Укажите дату окончания работ'
  else if (r.endsOn < today) problems.endsOn = REQUEST_MESSAGES.pastDate
  else if (r.startsOn && r.endsOn < r.startsOn) problems.endsOn = REQUEST_MESSAGES.dates
  if (!r.volume) problems.volume = REQUEST_MESSAGES.volume
  const deadline = deadlineProblem(r.proposalsDeadline, r.startsOn, today)
  if (deadline) problems.proposalsDeadline = deadline
  if (r.visibility === 'invited' && !r.invitedOrganizationIds.length)
    problems.invitedOrganizationIds = REQUEST_MESSAGES.invited
  return problems
}

/** Why this proposals deadline cannot be set today, or null. */
export function deadlineProblem(deadline: string | null, startsOn: string | null, today: string): string | null {
  if (!deadline) return REQUEST_MESSAGES.deadline
  if (deadline < today) return REQUEST_MESSAGES.pastDate
  if (deadline > addDays(today, REQUEST_LIMITS.deadlineMaxDays))
    return `Срок приёма предложений — не дальше чем через ${formatCount(REQUEST_LIMITS.deadlineMaxDays, DAYS)}`
  if (startsOn && deadline > startsOn) return REQUEST_MESSAGES.deadlineAfterStart
  return null
}
