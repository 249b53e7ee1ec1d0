import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { hashPassword } from '../modules/identity/index.ts'
import { users } from '../modules/identity/identity.table.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import { productDrafts } from '../modules/products/products.table.ts'
import {
  exchange1cAccounts,
  exchange1cGoods,
  exchange1cGroups,
  exchange1cSessions,
} from '../modules/exchange-1c/exchange-1c.table.ts'
import { DEMO_1C_GROUPS, DEMO_1C_MAPPING } from '../modules/exchange-1c/stand-in/demo-catalog.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

/** What the README lists: the demo vendor's 1С signs in with these. */
export const DEMO_EXCHANGE_LOGIN = 'aerotekh-1c'
export const DEMO_EXCHANGE_PASSWORD = 'demo-exchange'

const DAY = 24 * 60 * 60_000
const at = (day: number, hour: number, minute = 0) =>
  new Date(CATALOG_EPOCH + day * DAY + (hour - 3) * 60 * 60_000 + minute * 60_000)

/** The stand-in's groups (npm run exchange:1c) as the demo vendor mapped them; one is left for the vendor. */
export const DEMO_GROUPS = DEMO_1C_GROUPS.map((g) => ({
  groupId: g.id,
  name: g.name,
  parentId: g.parentId ?? null,
  categorySlug: DEMO_1C_MAPPING[g.id] ?? null,
}))

/**
 * The demo vendor's exchange with 1С: turned on with the README's login and password, the
 * retail price type chosen, 1С's groups mapped (one left for the vendor), its products linked to
 * goods of 1С, and a log of past sessions (a full catalogue, an incremental one refused for its
 * price type, an orders exchange).
 */
export async function seedExchange1c(db: Db): Promise<void> {
  const [vendor] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, ACCOUNTS_VENDOR_SLUG))
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'vendor@example.com'))
  if (!vendor || !user) return
  const organizationId = vendor.id

  await db
    .insert(exchange1cAccounts)
    .values({
      organizationId,
      login: DEMO_EXCHANGE_LOGIN,
      passwordHash: await hashPassword(DEMO_EXCHANGE_PASSWORD),
      actingUserId: user.id,
      priceType: 'Розничная',
      passwordSetAt: at(40, 10),
      createdAt: at(40, 10),
    })
    .onConflictDoNothing()

  const products = await db
    .select({ id: productDrafts.id, categorySlug: productDrafts.categorySlug })
    .from(productDrafts)
    .where(and(eq(productDrafts.organizationId, organizationId), isNotNull(productDrafts.categorySlug)))
    .orderBy(asc(productDrafts.createdAt), asc(productDrafts.id))
  const groupOf = (slug: string | null) => DEMO_GROUPS.find((g) => g.categorySlug === slug)?.groupId ?? null
  const goods = products.map((p, i) => ({
    organizationId,
    externalId: `a1c10000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    productId: p.id,
    groupId: groupOf(p.categorySlug),
  }))
  const count = (groupId: string) => goods.filter((g) => g.groupId === groupId).length
  await db
    .insert(exchange1cGroups)
    .values(DEMO_GROUPS.map((g) => ({ ...g, organizationId, goods: count(g.groupId), seenAt: at(44, 2) })))
    .onConflictDoNothing()
  if (goods.length) await db.insert(exchange1cGoods).values(goods).onConflictDoNothing()

  const [logged] = await db
    .select({ id: exchange1cSessions.id })
    .from(exchange1cSessions)
    .where(eq(exchange1cSessions.organizationId, organizationId))
    .limit(1)
  if (logged) return
  const session = (day: number, hour: number) => ({
    organizationId,
    // Never a cookie anybody holds: the log's past sessions cannot be resumed.
    tokenHash: `demo-${day}-${hour}`,
    startedAt: at(day, hour),
    lastSeenAt: at(day, hour, 4),
    finishedAt: at(day, hour, 4),
  })
  await db.insert(exchange1cSessions).values([
    {
      ...session(42, 2),
      type: 'catalog',
      status: 'success',
      files: [
        { name: 'exchange.zip', bytes: 1_482_113, parts: 1 },
        { name: 'import.xml', bytes: 412_908, parts: 1 },
        { name: 'offers.xml', bytes: 96_240, parts: 1 },
      ],
      counts: { created: 2, updated: goods.length, unchanged: 0, errors: 1, ordersSent: 0, ordersChanged: 0 },
      errors: [
        {
          file: 'import.xml',
          line: 214,
          message:
            'Строка 214, «Комплект запчастей Аэротех 4»: оставлен в черновиках: группа 1С «Запчасти прочие» не сопоставлена с категорией каталога',
        },
      ],
    },
    {
      ...session(43, 2),
      type: 'catalog',
      status: 'failure',
      files: [{ name: 'offers.xml', bytes: 18_404, parts: 1 }],
      counts: { created: 0, updated: 0, unchanged: 0, errors: 1, ordersSent: 0, ordersChanged: 0 },
      errors: [
        {
          file: 'offers.xml',
          line: 0,
          message:
            'В файле несколько типов цен (Розничная, Оптовая): выберите в личном кабинете, какой из них — цены площадки',
        },
      ],
    },
    {
      ...session(44, 2),
      type: 'catalog',
      status: 'success',
      files: [{ name: 'offers.xml', bytes: 21_730, parts: 1 }],
      counts: { created: 0, updated: 6, unchanged: goods.length - 6, errors: 0, ordersSent: 0, ordersChanged: 0 },
    },
    {
      ...session(44, 2),
      tokenHash: 'demo-44-2-sale',
      type: 'sale',
      status: 'success',
      files: [{ name: 'orders.xml', bytes: 3_118, parts: 1 }],
      counts: { created: 0, updated: 0, unchanged: 0, errors: 0, ordersSent: 3, ordersChanged: 1 },
    },
  ])
}
