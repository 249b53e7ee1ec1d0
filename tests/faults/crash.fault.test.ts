import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Instance, createFaultDatabase, startInstance } from './instance.ts'

/**
 * kill -9 of an instance while buyers check out: every checkout a client saw no answer to is
 * repeated with its key on a new instance, then the database is read. Stock is what it was less
 * what was ordered and never negative; every order has its lines, one order per seller and key,
 * and exactly one «Новый заказ» e-mail and one «Оформлен заказ» message, crash or not.
 */
describe('an instance killed during checkouts', () => {
  let database: Awaited<ReturnType<typeof createFaultDatabase>>
  let sql: pg.Client
  const instances: Instance[] = []
  const STOCK = 10_000

  beforeAll(async () => {
    database = await createFaultDatabase()
    instances.push(await startInstance({ DATABASE_URL: database.url }))
    sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
  })

  afterAll(async () => {
    for (const instance of instances) await instance.crash()
    await sql?.end()
    await database?.drop()
  })

  async function signIn(origin: string): Promise<string> {
    const res = await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@example.com', password: 'demo-password' }),
    })
    expect(res.status).toBe(200)
    return /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0]
  }

  it('loses no order, unit, e-mail or message, and doubles none', async () => {
    let origin = instances[0]!.origin
    let cookie = await signIn(origin)
    const whoami = await (await fetch(`${origin}/api/v1/users/whoami`, { headers: { cookie } })).json()
    const payer: string = whoami.data.organizations.find((o: { roles: { type: string; confirmed: boolean }[] }) =>
      o.roles.some((role) => role.type === 'buyer' && role.confirmed),
    ).id
    const { rows: products } = await sql.query<{ id: string }>(
      `select id from catalog_products where status = 'published' and price_kopecks is not null
       and vendor_organization_id <> $1 order by id limit 3`,
      [payer],
    )
    await sql.query(`update catalog_products set stock_quantity = ${STOCK} where id = any($1)`, [
      products.map((p) => p.id),
    ])
    const headers = () => ({ 'content-type': 'application/json', cookie, 'sec-fetch-site': 'same-origin' })
    const body = (key: string, total: number) =>
      JSON.stringify({
        checkoutKey: key,
        payerOrganizationId: payer,
        deliveryMethod: 'pickup',
        contactName: 'Вера Покупатель',
        contactPhone: '+7 (912) 345-67-89',
        expectedTotalKopecks: total,
      })
    /** Checkouts sent whose answer never came: repeated with their key after the restart. */
    const unanswered: { key: string; total: number }[] = []
    const keys: string[] = []
    let placed = 0
    const refusals: string[] = []

    async function buyOnce(index: number): Promise<void> {
      const product = products[index % products.length]!.id
      await fetch(`${origin}/api/v1/cart/items`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ productId: product, quantity: 1 }),
      })
      const cart = await (await fetch(`${origin}/api/v1/cart`, { headers: headers() })).json()
      const key = randomUUID()
      keys.push(key)
      const total = Number(cart.data.totalKopecks)
      try {
        const res = await fetch(`${origin}/api/v1/checkout`, {
          method: 'POST',
          headers: headers(),
          body: body(key, total),
        })
        if (res.ok) placed++
        else refusals.push(`${res.status} ${(await res.text()).slice(0, 200)}`)
      } catch {
        unanswered.push({ key, total })
        throw new Error('instance gone')
      }
    }

    // Three buyers' tabs at once, until the instance is killed under them.
    const victim = instances[0]!
    const loops = Array.from({ length: 3 }, async (_, tab) => {
      for (let index = tab; ; index += 3) {
        try {
          await buyOnce(index)
        } catch {
          return
        }
      }
    })
    for (let look = 0; placed < 15; look++) {
      if (look > 600) throw new Error(`only ${placed} checkouts went through: ${refusals.slice(0, 5).join(' | ')}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await victim.crash()
    await Promise.all(loops)

    const survivor = await startInstance({ DATABASE_URL: database.url })
    instances.push(survivor)
    origin = survivor.origin
    cookie = await signIn(origin)
    // The same key again: the orders it made, or new ones if the first never committed.
    for (const { key, total } of unanswered) {
      const res = await fetch(`${origin}/api/v1/checkout`, {
        method: 'POST',
        headers: headers(),
        body: body(key, total),
      })
      expect([200, 201, 409]).toContain(res.status)
    }

    const count = async (query: string, params: unknown[] = []) => (await sql.query(query, params)).rows
    const ordered = await count(
      `select l.product_id, sum(l.quantity)::int as n from order_lines l join orders o on o.id = l.order_id
       where o.status <> 'cancelled' and l.product_id = any($1) group by l.product_id`,
      [products.map((p) => p.id)],
    )
    const stock = await count(`select id, stock_quantity from catalog_products where id = any($1)`, [
      products.map((p) => p.id),
    ])
    for (const row of stock) {
      const taken = ordered.find((o) => o.product_id === row.id)?.n ?? 0
      expect(row.stock_quantity).toBe(STOCK - taken)
      expect(row.stock_quantity).toBeGreaterThanOrEqual(0)
    }
    expect(
      await count(`select id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`),
    ).toEqual([])
    expect(
      await count(`select checkout_key, seller_organization_id from orders group by 1, 2 having count(*) > 1`),
    ).toEqual([])
    const orders = await count(`select number from orders where checkout_key = any($1)`, [keys])
    expect(orders.length).toBeGreaterThanOrEqual(placed)
    // Each seller's member is told once per order, never twice.
    expect(
      await count(
        `select "to", subject from email_outbox where subject like 'Новый заказ:%' group by 1, 2 having count(*) > 1`,
      ),
    ).toEqual([])
    const mails = await count(
      `select subject, count(*)::int as n from email_outbox where subject like 'Новый заказ:%' group by subject`,
    )
    const messages = await count(
      `select content, count(*)::int as n from chat_messages where is_system and content like 'Оформлен заказ%' group by content`,
    )
    for (const order of orders) {
      const mail = mails.filter((m) => m.subject === `Новый заказ: № ${order.number}`)
      expect(
        mail.reduce((sum, m) => sum + m.n, 0),
        `e-mails of ${order.number}`,
      ).toBeGreaterThanOrEqual(1)
      const said = messages.filter((m) => String(m.content).includes(`№ ${order.number} `))
      expect(
        said.map((m) => m.n),
        `messages of ${order.number}`,
      ).toEqual([1])
    }
    console.log(
      `crash during checkouts: ${placed} answered before the kill, ${unanswered.length} repeated after it, ${orders.length} orders checked`,
    )
  })
})
