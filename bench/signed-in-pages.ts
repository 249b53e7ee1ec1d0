import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../server/db/client.ts'
import { queryRows } from '../server/modules/catalog/catalog.listing.ts'
import { DEMO_PASSWORD } from '../server/seed/accounts.ts'
import { ACCOUNTS_VENDOR_SLUG } from '../server/seed/catalog/vendors/index.ts'

/** Who a signed-in run renders for: the demo buyer, or the demo vendor's owner. */
export const SIGNED_IN_AS = { buyer: 'buyer@example.com', vendor: 'vendor@example.com' } as const
export type SignedInAs = keyof typeof SIGNED_IN_AS

/**
 * The session cookie of a real sign-in through the API, as a browser gets it: every page the run
 * renders then goes through the session look-up, the header's counters and the account's data.
 */
export async function signInCookie(app: FastifyInstance, as: SignedInAs): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: SIGNED_IN_AS[as], password: DEMO_PASSWORD }),
  })
  const sid = /sid=[^;]+/.exec(String(res.headers['set-cookie'] ?? ''))
  if (res.statusCode !== 200 || !sid) throw new Error(`sign-in of ${SIGNED_IN_AS[as]}: ${res.statusCode} ${res.body}`)
  return sid[0]
}

/** The same against a server in a process of its own (`startBenchServer`), over HTTP. */
export async function signInOverHttp(origin: string, as: SignedInAs): Promise<string> {
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SIGNED_IN_AS[as], password: DEMO_PASSWORD }),
  })
  const sid = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')
  if (!res.ok || !sid) throw new Error(`sign-in of ${SIGNED_IN_AS[as]}: ${res.status}`)
  return sid[0]
}

/**
 * The signed-in user's pages besides the public ones: the seller page of the demo vendor, and the
 * order of the user's side with the most lines (the buyer's purchase, the vendor's sale).
 */
export async function accountPagePaths(db: Db, as: SignedInAs): Promise<{ seller: string; order: string }> {
  const side = as === 'buyer' ? 'purchase' : 'sale'
  const party = as === 'buyer' ? sql`o.buyer_organization_id` : sql`o.seller_organization_id`
  const [order] = await queryRows<{ number: string }>(
    db,
    sql`select o.number from orders o
        join organization_members m on m.organization_id = ${party}
        join users u on u.id = m.user_id and u.email = ${SIGNED_IN_AS[as]}
        order by (select count(*) from order_lines l where l.order_id = o.id) desc, o.number limit 1`,
  )
  if (!order) throw new Error(`The demo data has no order of ${SIGNED_IN_AS[as]}`)
  return {
    seller: `/sellers/${ACCOUNTS_VENDOR_SLUG}`,
    order: `/personal-account/order/${side}/${encodeURIComponent(order.number)}`,
  }
}
