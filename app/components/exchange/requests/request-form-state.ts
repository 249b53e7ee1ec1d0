import { formatHectares } from '#common/hectares.ts'
import { type GeoPolygon, polygonAreaHectares } from '#common/geo.ts'
import type { PermissionParty, RequestDetails, RequestVisibility } from '#common/exchange/requests.ts'
import { type AttachedFile, formatVolume, type ServiceType, type VolumeUnit } from '#common/exchange/services.ts'
import { areaOutsideRegionMessage, areaWithinRegion } from '#common/region-bounds.ts'
import { isRegionCode } from '#common/regions.ts'

/** The form's state: what is typed stays here whatever the server answers. */
export interface RequestFormState {
  type: ServiceType
  sphere: string | null
  title: string
  description: string
  region: string | null
  address: string
  area: GeoPolygon | null
  startsOn: string
  endsOn: string
  volume: number | ''
  volumeUnit: VolumeUnit
  /** Rubles as typed; «по договорённости» when `onRequest`. */
  budget: number | ''
  onRequest: boolean
  attachments: AttachedFile[]
  maxAltitudeM: number | ''
  controlledAirspace: boolean
  restrictedZone: boolean
  permissionBy: PermissionParty
  visibility: RequestVisibility
  invited: string[]
  proposalsDeadline: string
  allowSeveral: boolean
}

export function initialRequestState(draft: RequestDetails | null): RequestFormState {
  return {
    type: draft?.type ?? 'agro-spraying',
    sphere: draft?.sphere ?? null,
    title: draft?.title ?? '',
    description: draft?.description ?? '',
    region: draft?.region ?? null,
    address: draft?.address ?? '',
    area: (draft?.area as GeoPolygon | null) ?? null,
    startsOn: draft?.startsOn ?? '',
    endsOn: draft?.endsOn ?? '',
    volume: draft?.volume ?? '',
    volumeUnit: draft?.volumeUnit ?? 'hectares',
    budget: draft?.budgetKopecks == null ? '' : draft.budgetKopecks / 100,
    onRequest: draft ? draft.budgetKopecks === null : false,
    attachments: draft?.attachments ?? [],
    maxAltitudeM: draft?.flight.maxAltitudeM ?? 120,
    controlledAirspace: draft?.flight.controlledAirspace ?? false,
    restrictedZone: draft?.flight.restrictedZone ?? false,
    permissionBy: draft?.flight.permissionBy ?? 'contractor',
    visibility: draft?.visibility ?? 'public',
    invited: draft?.invited.map((v) => v.id) ?? [],
    proposalsDeadline: draft?.proposalsDeadline ?? '',
    allowSeveral: draft?.allowSeveral ?? false,
  }
}

/**
 * The input the service takes, from the form's state. A number the browser could not read goes
 * as it is, so the server names the field instead of the value silently turning into nothing.
 */
export function toRequestInput(state: RequestFormState) {
  return {
    type: state.type,
    sphere: state.sphere,
    title: state.title,
    description: state.description,
    region: state.region,
    address: state.address,
    area: state.area,
    startsOn: state.startsOn || null,
    endsOn: state.endsOn || null,
    volume: state.volume === '' ? null : state.volume,
    volumeUnit: state.volumeUnit,
    budgetKopecks: state.onRequest || state.budget === '' ? null : Math.round(Number(state.budget) * 100),
    attachmentIds: state.attachments.map((f) => f.fileId),
    flight: {
      maxAltitudeM: state.maxAltitudeM === '' ? null : state.maxAltitudeM,
      controlledAirspace: state.controlledAirspace,
      restrictedZone: state.restrictedZone,
      permissionBy: state.permissionBy,
    },
    visibility: state.visibility,
    invitedOrganizationIds: state.visibility === 'invited' ? state.invited : [],
    proposalsDeadline: state.proposalsDeadline || null,
    allowSeveral: state.allowSeveral,
  }
}

/** How many times the stated hectares the drawn area may be before the form asks to check them. */
const AREA_TO_VOLUME_LIMIT = 1.5

/**
 * What the form says of the area against the rest, as the buyer draws: drawn outside the region
 * chosen (publishing refuses it), or far larger than the hectares stated (134 595 га drawn for
 * 250 га: a slip of the mouse, most likely).
 */
export function areaNotes(state: RequestFormState): { outside: string | null; tooLarge: string | null } {
  const { area, region, volume, volumeUnit } = state
  if (!area) return { outside: null, tooLarge: null }
  const outside =
    region && isRegionCode(region) && !areaWithinRegion(area, region) ? areaOutsideRegionMessage(region) : null
  const hectares = polygonAreaHectares(area)
  const tooLarge =
    volumeUnit === 'hectares' && typeof volume === 'number' && volume > 0 && hectares > volume * AREA_TO_VOLUME_LIMIT
      ? `Участок на карте — ${formatHectares(hectares)}, а объём работ — ${formatVolume(volume, 'hectares')}. Проверьте контур или объём: исполнители считают цену по ним.`
      : null
  return { outside, tooLarge }
}
