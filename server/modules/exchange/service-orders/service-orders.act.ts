import { eq } from 'drizzle-orm'
import { SERVICE_VAT_RATE, type DocumentSettings, attorneyBasis, nameWithInitials } from '#common/document-settings.ts'
import { SERVICE_TYPE_LABELS, type VolumeUnit, formatVolume } from '#common/exchange/services.ts'
import { moscowToday } from '#common/moscow-days.ts'
import { amountInWords } from '#common/money-words.ts'
import { UNITS, type Unit } from '#common/okei.ts'
import { vatIncluded } from '#common/orders.ts'
import type { ActIssue } from '../../documents/index.ts'
import type { Ctx } from '../../../context.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import type { ServiceOrderRow } from './service-orders.service.ts'

const VOLUME_UNIT_OKEI: Record<VolumeUnit, Unit> = {
  hectares: UNITS.hectare,
  km: UNITS.kilometre,
  objects: UNITS.piece,
  hours: UNITS.hour,
}

/** What the act takes from the order's request: its number and date, the volume or area. */
export async function actRequestOf(ctx: Ctx, requestId: string) {
  const [request] = await ctx.db
    .select({
      number: serviceRequests.number,
      createdAt: serviceRequests.createdAt,
      volume: serviceRequests.volume,
      volumeUnit: serviceRequests.volumeUnit,
      areaHectares: serviceRequests.areaHectares,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId))
  return request!
}

/**
 * The act of drone work the customer accepts, from what the order copied: the work as agreed
 * (title, type, period, the request's volume or area), the contractor's last report, its price
 * with the VAT its status charges (the price includes it, as goods prices do), the contractor's
 * signer as its settings name them on the day, and who accepted the work on the platform.
 */
export function actIssueOf(
  row: ServiceOrderRow,
  request: Awaited<ReturnType<typeof actRequestOf>>,
  settings: DocumentSettings,
  acceptance: { at: Date; byName: string | null },
): ActIssue {
  const vatRate = SERVICE_VAT_RATE[settings.vatStatus]
  const volume = request.volume ?? (request.volumeUnit === 'hectares' ? request.areaHectares : null)
  const signer = settings.attorney ?? settings.head
  const party = (p: ServiceOrderRow['contractor']) => ({
    name: p.fullName,
    inn: p.inn,
    kpp: p.kpp,
    address: p.address,
    ogrn: p.ogrn ?? null,
  })
  return {
    sellerOrganizationId: row.contractorOrganizationId,
    buyerOrganizationId: row.customerOrganizationId,
    orderNumber: row.number,
    content: {
      date: moscowToday(acceptance.at),
      contractor: party(row.contractor),
      customer: party(row.customer),
      bases: [
        { name: 'Заявка на бирже услуг', number: request.number, date: moscowToday(request.createdAt) },
        { name: 'Заказ', number: row.number, date: moscowToday(row.createdAt) },
      ],
      work: {
        name: `${SERVICE_TYPE_LABELS[row.type]}: ${row.title}`,
        description: row.result?.report ?? '',
        startsOn: row.startsOn,
        endsOn: row.endsOn,
        quantity: volume ?? 1,
        unit: volume ? VOLUME_UNIT_OKEI[request.volumeUnit] : UNITS.service,
        volumeText: volume ? formatVolume(volume, request.volumeUnit) : null,
        amountKopecks: row.priceKopecks,
        vatRate,
        vatKopecks: vatIncluded(row.priceKopecks, vatRate),
      },
      acceptance: { at: acceptance.at.toISOString(), byName: acceptance.byName, organizationName: row.customer.name },
      amountInWords: amountInWords(row.priceKopecks),
      signer: {
        name: nameWithInitials(signer.name),
        position: signer.position,
        basis: settings.attorney ? attorneyBasis(settings.attorney) : null,
      },
    },
    signatureFileId: settings.signatureFileId ?? null,
    stampFileId: settings.stampFileId ?? null,
  }
}
