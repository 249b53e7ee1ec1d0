import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { EXCHANGE_MESSAGES as M } from '#common/exchange-1c.ts'
import { type Ctx, withDb } from '../../context.ts'
import type { ExchangeGood, ImportsService, PictureSource } from '../products/index.ts'
import { OfferCollector, suggestParamMapping } from '../products/index.ts'
import { type CmlGood, type CmlGroup, type CmlOffer, type CmlPriceType, type CmlProperty } from './commerceml/items.ts'
import { goodOf, groupsOf, offerOf, priceTypeOf, propertyOf } from './commerceml/items.ts'
import { readCmlStream } from './commerceml/read-stream.ts'
import { ExchangeFailure, type AccountRow } from './exchange-1c.access.ts'
import { exchange1cGoods, exchange1cGroups } from './exchange-1c.table.ts'

/**
 * One CommerceML file of a catalogue exchange read into the vendor's products: the classifier's
 * groups into the mapping screen's list, goods (import.xml) into drafts and revisions by the
 * products module, offers (offers.xml; prices.xml and rests.xml of 2.10) into prices and stock
 * on sale. Goods and offers are written in batches as the file is read.
 */

export type CatalogWriter = Pick<
  ImportsService,
  'writeExchangeGoods' | 'writeExchangeOffers' | 'takeOffSale' | 'fileWaitingDrafts'
>

/** What a file did, for the exchange log. */
export interface FileOutcome {
  created: number
  updated: number
  unchanged: number
  errors: { line: number; message: string }[]
  errorsTotal: number
}

const GOODS_BATCH = 200
const OFFERS_BATCH = 1000
/** Texts of errors a file keeps; the count says how many there were. */
const ERRORS_KEPT = 500

/** «Максимальная взлётная масса, кг» as 1С names a property: the unit apart, as our characteristics have it. */
function withUnit(param: { name: string; value: string }): { name: string; unit?: string; value: string } {
  const match = /^(.+?),\s*([^,]{1,12})$/.exec(param.name)
  return match ? { name: match[1]!.trim(), unit: match[2]!.trim(), value: param.value } : param
}

/** Roubles as 1С writes them («1234.50», «1 234,5») in kopecks; null when it is not a price. */
export function priceKopecks(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.')
  if (!/^\d{1,12}(\.\d+)?$/.test(cleaned)) return null
  return Math.round(Number(cleaned) * 100)
}

/** Units in stock from a quantity («5», «5.000», «-2»): whole, never below zero; null when not a number. */
export function stockUnits(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.')
  if (!/^-?\d{1,9}(\.\d+)?$/.test(cleaned)) return null
  return Math.max(0, Math.floor(Number(cleaned)))
}

export interface FileContext {
  ctx: Ctx
  writer: CatalogWriter
  account: AccountRow
  sessionId: string
  fileName: string
  onBytes: (done: number) => Promise<void>
  /** Pictures by their paths in the session's files. */
  pictures: PictureSource
  stopIfAsked: () => void
}

/** Reads one file of the session, batch by batch; a refusal of the whole file throws (CmlRefusal, ExchangeFailure). */
export async function importCatalogFile(chunks: AsyncIterable<Uint8Array>, run: FileContext): Promise<FileOutcome> {
  const { ctx, account } = run
  const organizationId = account.organizationId
  const outcome: FileOutcome = { created: 0, updated: 0, unchanged: 0, errors: [], errorsTotal: 0 }
  const report = (line: number, message: string) => {
    outcome.errorsTotal++
    if (outcome.errors.length < ERRORS_KEPT) outcome.errors.push({ line, message })
  }

  let changesOnly = false
  let sawGoods = false
  const properties = new Map<string, CmlProperty>()
  const priceTypes: CmlPriceType[] = []
  let groups: CmlGroup[] = []
  let goods: CmlGood[] = []
  let offers: CmlOffer[] = []
  let groupMap: Map<string, string | null> | null = null
  let groupNames = new Map<string, string>()
  let chosenPriceType: string | null | undefined

  async function saveGroups() {
    if (!groups.length) return
    const batch = groups
    groups = []
    for (let i = 0; i < batch.length; i += 500)
      await ctx.db
        .insert(exchange1cGroups)
        .values(
          batch
            .slice(i, i + 500)
            .map((g) => ({ organizationId, groupId: g.id, parentId: g.parentId ?? null, name: g.name })),
        )
        .onConflictDoUpdate({
          target: [exchange1cGroups.organizationId, exchange1cGroups.groupId],
          set: { name: sql`excluded.name`, parentId: sql`excluded.parent_id`, seenAt: new Date() },
        })
    groupMap = null
  }

  async function mappingOfGroups() {
    if (groupMap) return groupMap
    const rows = await ctx.db
      .select({ id: exchange1cGroups.groupId, slug: exchange1cGroups.categorySlug, name: exchange1cGroups.name })
      .from(exchange1cGroups)
      .where(eq(exchange1cGroups.organizationId, organizationId))
    groupMap = new Map(rows.map((r) => [r.id, r.slug]))
    groupNames = new Map(rows.map((r) => [r.id, r.name]))
    return groupMap
  }

  async function linksOf(ids: string[]) {
    if (!ids.length) return new Map<string, string>()
    const rows = await ctx.db
      .select({ externalId: exchange1cGoods.externalId, productId: exchange1cGoods.productId })
      .from(exchange1cGoods)
      .where(and(eq(exchange1cGoods.organizationId, organizationId), inArray(exchange1cGoods.externalId, ids)))
    return new Map(rows.map((r) => [r.externalId, r.productId]))
  }

  async function writeGoods() {
    if (!goods.length) return
    const batch = goods
    goods = []
    run.stopIfAsked()
    const mapping = await mappingOfGroups()
    const links = await linksOf(batch.map((g) => g.id))
    const collector = new OfferCollector()
    const byLine = new Map<number, CmlGood>()
    for (const [i, good] of batch.entries()) {
      // Checking a good cleans its description: requests get their turn every few goods.
      if (i % 20 === 19) await yieldToRequests()
      if (!good.id) {
        report(good.line, `Строка ${good.line}: у товара нет элемента «Ид»`)
        continue
      }
      if (good.deleted) continue
      byLine.set(good.line, good)
      const model = good.params.find((p) => /^модель$/i.test(p.name))?.value
      collector.add({
        line: good.line,
        sku: good.article || good.id,
        title: good.title,
        brand: good.brand,
        model: model ?? good.title,
        category: good.groupId,
        vat: good.vat,
        available: true,
        description: good.description,
        params: good.params.map(withUnit),
        pictures: [],
        ...(good.barcode && { gtin: good.barcode }),
      })
    }
    for (const error of collector.errors) report(error.line, error.message)
    const exchangeGoods: ExchangeGood[] = collector.offers.map((offer) => {
      const good = byLine.get(offer.line)!
      const productId = links.get(good.id)
      return { externalId: good.id, ...(productId && { productId }), offer, pictures: good.pictures }
    })
    const categories = Object.fromEntries([...mapping].map(([id, slug]) => [id, slug]))
    const params = suggestParamMapping(collector.offers.flatMap((o) => o.params))
    const deleted = batch.filter((g) => g.deleted && links.has(g.id)).map((g) => links.get(g.id)!)
    const written = await run.writer.writeExchangeGoods(ctx, run.pictures, organizationId, exchangeGoods, {
      categories,
      params,
      // 1С names a rate when the good has one; without it the general rate is assumed.
      defaultVatRate: '22',
    })
    outcome.created += written.created
    outcome.updated += written.updated
    outcome.unchanged += written.unchanged
    // The products module names a group by its id, as a file's category: 1С's user knows its name.
    for (const error of written.errors)
      report(
        error.line,
        error.message.replace(/категория файла «([^»]*)» не сопоставлена/, (whole, groupId: string) =>
          groupNames.has(groupId) ? `группа 1С «${groupNames.get(groupId)}» не сопоставлена` : whole,
        ),
      )
    await ctx.db.transaction(async (db) => {
      // Every good the batch names is still in 1С, written or not (one with an error stays on sale).
      await db
        .update(exchange1cGoods)
        .set({ seenInSessionId: run.sessionId })
        .where(
          and(
            eq(exchange1cGoods.organizationId, organizationId),
            inArray(
              exchange1cGoods.externalId,
              batch.map((g) => g.id),
            ),
          ),
        )
      const groupOf = new Map(batch.map((g) => [g.id, g.groupId || null]))
      if (written.links.length)
        await db
          .insert(exchange1cGoods)
          .values(
            written.links.map((l) => ({
              organizationId,
              externalId: l.externalId,
              productId: l.productId,
              groupId: groupOf.get(l.externalId) ?? null,
              seenInSessionId: run.sessionId,
            })),
          )
          .onConflictDoUpdate({
            target: [exchange1cGoods.organizationId, exchange1cGoods.externalId],
            set: {
              productId: sql`excluded.product_id`,
              groupId: sql`excluded.group_id`,
              seenInSessionId: sql`excluded.seen_in_session_id`,
            },
          })
    })
    // Marked for deletion in 1С: off sale here, as the vendor's «Снять с продажи».
    if (deleted.length) outcome.updated += await run.writer.takeOffSale(ctx, deleted)
  }

  /** The price type whose prices are the catalogue's: the vendor's choice, or the file's only one. */
  function priceTypeFor(offer: CmlOffer): string | null {
    if (chosenPriceType !== undefined) return chosenPriceType
    const known = priceTypes.length
      ? priceTypes
      : [...new Set(offer.prices.map((p) => p.typeId))].map((id) => ({ id, name: id, currency: '' }))
    const names = known.map((t) => t.name)
    if (account.priceType) {
      const wanted = account.priceType.trim().toLowerCase()
      const found = known.find((t) => t.name.toLowerCase() === wanted || t.id.toLowerCase() === wanted)
      if (!found) throw new ExchangeFailure(M.wrongPriceType(account.priceType, names))
      chosenPriceType = found.id
    } else if (known.length === 1) chosenPriceType = known[0]!.id
    else if (known.length > 1) throw new ExchangeFailure(M.choosePriceType(names))
    else chosenPriceType = null
    return chosenPriceType
  }

  async function writeOffers() {
    if (!offers.length) return
    const batch = offers
    offers = []
    run.stopIfAsked()
    const links = await linksOf(batch.map((o) => o.goodId))
    const updates: { productId: string; priceKopecks?: number | null; stockQuantity?: number }[] = []
    for (const offer of batch) {
      const productId = links.get(offer.goodId)
      if (!productId) {
        report(
          offer.line,
          `Строка ${offer.line}: товар с Ид «${offer.goodId}» не найден: сначала выгрузите каталог (import.xml)`,
        )
        continue
      }
      const update: (typeof updates)[number] = { productId }
      if (offer.prices.length) {
        const typeId = priceTypeFor(offer)
        const price = offer.prices.find((p) => p.typeId === typeId)
        if (price) {
          const kopecks = priceKopecks(price.value)
          if (kopecks === null) report(offer.line, `Строка ${offer.line}: цена «${price.value}» не число`)
          else update.priceKopecks = kopecks > 0 ? kopecks : null
        }
      }
      const quantities = offer.warehouses.length
        ? offer.warehouses.map((w) => w.quantity)
        : offer.quantity !== undefined
          ? [offer.quantity]
          : []
      if (quantities.length) {
        const units = quantities.map(stockUnits)
        if (units.some((u) => u === null)) report(offer.line, `Строка ${offer.line}: количество не число`)
        else update.stockQuantity = (units as number[]).reduce((a, b) => a + b, 0)
      }
      if (update.priceKopecks !== undefined || update.stockQuantity !== undefined) updates.push(update)
    }
    const changed = await ctx.db.transaction((db) =>
      run.writer.writeExchangeOffers(withDb(ctx, db), organizationId, updates),
    )
    outcome.updated += changed
    outcome.unchanged += updates.length - changed
  }

  await readCmlStream(
    chunks,
    {
      item(kind, node) {
        if (kind === 'group') groups.push(...groupsOf(node))
        else if (kind === 'property') {
          const property = propertyOf(node)
          if (property) properties.set(property.id, property)
        } else if (kind === 'good') {
          sawGoods = true
          goods.push(goodOf(node, properties))
        } else if (kind === 'priceType') {
          const type = priceTypeOf(node)
          if (type) priceTypes.push(type)
        } else if (kind === 'offer') offers.push(offerOf(node))
      },
      changesOnly(value) {
        changesOnly = value
      },
      async flush() {
        // Groups before the goods that name them; goods and offers once a batch is full.
        if (groups.length && (goods.length || groups.length >= 500)) await saveGroups()
        if (goods.length >= GOODS_BATCH) await writeGoods()
        if (offers.length >= OFFERS_BATCH) await writeOffers()
      },
    },
    run.onBytes,
  )
  await saveGroups()
  await writeGoods()
  await writeOffers()
  await countGroupGoods(ctx, organizationId)

  // A full catalogue lists every good 1С has: what it no longer lists may come off sale. Only the
  // whole «import.xml»: 2.10 may split a catalogue into «import___…» files, each a part of it.
  const whole = run.fileName.split('/').at(-1)!.toLowerCase() === 'import.xml'
  if (sawGoods && whole && !changesOnly && account.takeOffMissing) {
    const gone = await ctx.db
      .select({ productId: exchange1cGoods.productId })
      .from(exchange1cGoods)
      .where(
        and(
          eq(exchange1cGoods.organizationId, organizationId),
          or(isNull(exchange1cGoods.seenInSessionId), ne(exchange1cGoods.seenInSessionId, run.sessionId)),
        ),
      )
    if (gone.length)
      outcome.updated += await run.writer.takeOffSale(
        ctx,
        gone.map((g) => g.productId),
      )
  }
  return outcome
}

/** How many goods each group has now: the mapping screen shows the groups that matter first. */
async function countGroupGoods(ctx: Ctx, organizationId: string) {
  await ctx.db.execute(sql`
    update ${exchange1cGroups} g set goods = (
      select count(*)::int from ${exchange1cGoods} l
      where l.organization_id = g.organization_id and l.group_id = g.group_id)
    where g.organization_id = ${organizationId}`)
}
