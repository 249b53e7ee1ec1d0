/** Breakpoints of the spec's section 9, in CSS pixels. */
export const BREAKPOINTS = {
  mobile: 320,
  mobileMedium: 375,
  mobileWide: 425,
  tablet: 768,
  desktop: 1024,
  desktopMedium: 1280,
  desktopWide: 1600,
} as const

/** Which page layout a width gets: mobile from 0, desktop from 1200 (spec: page config). */
export const PAGE_CONFIG = { mobile: 0, desktop: 1200 } as const

export type Viewport = keyof typeof PAGE_CONFIG

export const VIEWPORT_COOKIE = {
  name: 'viewport',
  maxAgeSeconds: 365 * 24 * 60 * 60,
} as const

export function viewportForWidth(width: number): Viewport {
  return width >= PAGE_CONFIG.desktop ? 'desktop' : 'mobile'
}

export function parseViewport(value: string | undefined | null): Viewport | null {
  return value === 'mobile' || value === 'desktop' ? value : null
}

/** First visit, no cookie yet: a phone or tablet user agent gets the mobile layout. */
export function guessViewport(userAgent: string | undefined, clientHintMobile?: string): Viewport {
  if (clientHintMobile === '?1') return 'mobile'
  return userAgent && /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop'
}

/** The cookie string the browser writes: 365 days, Secure, SameSite=Strict, path /. */
export function viewportCookie(viewport: Viewport): string {
  return `${VIEWPORT_COOKIE.name}=${viewport}; Max-Age=${VIEWPORT_COOKIE.maxAgeSeconds}; Path=/; Secure; SameSite=Strict`
}
