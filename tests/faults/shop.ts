import { randomUUID } from 'node:crypto'
import { DEMO_PASSWORD } from '../../server/seed/accounts.ts'

/**
 * The demo's buyer and seller as the fault scenarios drive them: through the REST API of an
 * instance, with the session cookie and the same-origin marker a browser's writes carry.
 */
export const BUYER = 'buyer@example.com'
export const SELLER = 'vendor@example.com'

export interface Session {
  origin: string
  cookie: string
}

/** Signs in; throws with the answer when it is not 200. */
export async function signIn(origin: string, email: string): Promise<Session> {
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`)
  return { origin, cookie: /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0] }
}

/** A write (or read, without a body) as the signed-in browser makes it. */
export function call(session: Session, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${session.origin}/api/v1${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      'sec-fetch-site': 'same-origin',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** The signed-in user's id and the organization they buy for. */
export async function whoami(session: Session): Promise<{ userId: string; payer: string }> {
  const { data } = await (await call(session, 'GET', '/users/whoami')).json()
  const payer = data.organizations.find((o: { roles: { type: string; confirmed: boolean }[] }) =>
    o.roles.some((role) => role.type === 'buyer' && role.confirmed),
  )
  return { userId: data.id, payer: payer?.id }
}

/** The checkout's body for the cart's current total, pick-up, with a fresh key unless given. */
export function checkoutBody(payer: string, totalKopecks: number, checkoutKey: string = randomUUID()) {
  return {
    checkoutKey,
    payerOrganizationId: payer,
    deliveryMethod: 'pickup',
    contactName: 'Вера Покупатель',
    contactPhone: '+7 (912) 345-67-89',
    expectedTotalKopecks: totalKopecks,
  }
}

/** One unit of the product into the cart and the cart checked out: the checkout's answer. */
export async function buy(session: Session, payer: string, productId: string): Promise<Response> {
  const added = await call(session, 'POST', '/cart/items', { productId, quantity: 1 })
  if (!added.ok) return added
  const cart = await (await call(session, 'GET', '/cart')).json()
  return call(session, 'POST', '/checkout', checkoutBody(payer, Number(cart.data.totalKopecks)))
}
