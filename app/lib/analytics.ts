/**
 * Analytics goals and user parameters. With METRIKA_ID they go to Yandex Metrika; without it
 * they are kept in `window.__analytics`, an inspectable queue (tests and developers read it).
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

/** Called once on start with the configured counter id (null: queue only). */
export function initAnalytics(metrikaId: string | null) {
  counterId = metrikaId ? Number(metrikaId) : null
  window.__analytics ??= []
  if (counterId !== null) loadMetrika(counterId)
}

export function reachGoal(goal: string, params?: Record<string, unknown>) {
  send({ kind: 'goal', goal, params })
}

export function setUserParams(status: AnalyticsUserStatus, type: AnalyticsUserType) {
  send({ kind: 'userParams', params: { status, type } })
}

function send(event: AnalyticsEvent) {
  if (typeof window === 'undefined') return
  if (counterId !== null && window.ym) {
    if (event.kind === 'goal') window.ym(counterId, 'reachGoal', event.goal, event.params)
    else window.ym(counterId, 'userParams', event.params)
    return
  }
  ;(window.__analytics ??= []).push(event)
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
