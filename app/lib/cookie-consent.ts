import { createStore, useStore } from './store.ts'

/**
 * The visitor's choice in the cookie notice (privacy policy, section 8): analytics cookies
 * («Яндекс Метрика») allowed, or only the strictly necessary ones. Kept in a cookie of its own,
 * a strictly necessary one, for a year.
 */
export type CookieConsent = 'analytics' | 'necessary'

export const CONSENT_COOKIE = 'cookie_consent'
const YEAR_SECONDS = 365 * 24 * 60 * 60

/** The choice recorded in a `Cookie` header or `document.cookie`; null before the visitor made one. */
export function parseConsent(cookies: string): CookieConsent | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === CONSENT_COOKIE && (value === 'analytics' || value === 'necessary')) return value
  }
  return null
}

/** The `document.cookie` assignment that records a choice. */
export function consentCookie(choice: CookieConsent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** Assignments that delete Metrika's own cookies (`_ym_uid`, `_ym_d`, …) once consent is withdrawn. */
export function metrikaCookieRemovals(cookies: string): string[] {
  return cookies
    .split(';')
    .map((part) => part.trim().split('=')[0]!)
    .filter((name) => name.startsWith('_ym'))
    .map((name) => `${name}=; Max-Age=0; Path=/`)
}

/** Whether the notice shows: on a visit without a choice, and again from the footer's link. */
const noticeOpen = createStore<'closed' | 'first-visit' | 'reopened'>('closed')

export const showCookieNotice = (how: 'first-visit' | 'reopened') => noticeOpen.set(how)
export const hideCookieNotice = () => noticeOpen.set('closed')
export const useCookieNotice = () => useStore(noticeOpen)
