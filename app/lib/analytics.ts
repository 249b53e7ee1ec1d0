import { parseConsent } from './cookie-consent.ts'

/**
 * Analytics goals and user parameters. With METRIKA_ID, and the visitor's consent to analytics
 * cookies, they go to Yandex Metrika; otherwise they are kept in `window.__analytics`, an
 * inspectable queue (tests and developers read it).
 */
export type AnalyticsUserStatus = 'confirmed' | 'registrated' | 'guest'
export type AnalyticsUserType = 'seller' | 'buyer' | 'guest'

export type AnalyticsEvent =
  | { kind: 'goal'; goal: string; params?: Record<string, unknown> }
  | { kind: 'userParams'; params: { status: AnalyticsUserStatus; type: AnalyticsUserType } }

type Ym = (id: number, method: string, ...args: unknown[]) => void

declare global {
  interface Window {
    __analytics?: AnalyticsEvent[]
    ym?: Ym
  }
}

let counterId: number | null = null

/**
 * Called once on start with the configured counter id (null: queue only). The counter itself
 * loads only with the visitor's consent to analytics cookies (the cookie notice); until then,
 * and without a counter, events wait in the queue.
 */
export function initAnalytics(metrikaId: string | null) {
  counterId = metrikaId ? Number(metrikaId) : null
  window.__analytics ??= []
  if (parseConsent(document.cookie) === 'analytics') startMetrika()
}

/** After consent: loads the counter and hands it the events queued before. */
export function startMetrika() {
  if (counterId === null || window.ym) return
  loadMetrika(counterId)
  for (const event of window.__analytics?.splice(0) ?? []) deliver(event, window.ym!)
}

/** Whether the counter runs on this page (consent was given here or on an earlier visit). */
export const metrikaRunning = () => counterId !== null && Boolean(window.ym)

export function reachGoal(goal: string, params?: Record<string, unknown>) {
  send({ kind: 'goal', goal, params })
}

export function setUserParams(status: AnalyticsUserStatus, type: AnalyticsUserType) {
  send({ kind: 'userParams', params: { status, type } })
}

function send(event: AnalyticsEvent) {
  if (typeof window === 'undefined') return
  if (counterId !== null && window.ym) return deliver(event, window.ym)
  ;(window.__analytics ??= []).push(event)
}

function deliver(event: AnalyticsEvent, ym: Ym) {
  if (event.kind === 'goal') ym(counterId!, 'reachGoal', event.goal, event.params)
  else ym(counterId!, 'userParams', event.params)
}

/** Yandex's documented loader, minus document.write: a queue until tag.js arrives. */
function loadMetrika(id: number) {
  if (window.ym) return
  const queue: unknown[][] = []
  const stub: Ym & { a?: unknown[][]; l?: number } = (...args: unknown[]) => void queue.push(args)
  stub.a = queue
  stub.l = Date.now()
  window.ym = stub
  const script = document.createElement('script')
  script.async = true
  script.src = 'https://mc.yandex.ru/metrika/tag.js'
  document.head.appendChild(script)
  window.ym(id, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false })
}
