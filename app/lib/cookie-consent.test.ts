import { describe, expect, it } from 'vitest'
import { consentCookie, metrikaCookieRemovals, parseConsent } from './cookie-consent.ts'

describe('cookie consent', () => {
  it('reads the choice among other cookies, and nothing else as one', () => {
    expect(parseConsent('')).toBeNull()
    expect(parseConsent('viewport=mobile; cookie_consent=analytics; sid=1')).toBe('analytics')
    expect(parseConsent('cookie_consent=necessary')).toBe('necessary')
    expect(parseConsent('cookie_consent=yes; xcookie_consent=analytics')).toBeNull()
  })

  it('keeps the choice for a year, Secure over HTTPS', () => {
    expect(consentCookie('necessary', false)).toBe('cookie_consent=necessary; Max-Age=31536000; Path=/; SameSite=Lax')
    expect(consentCookie('analytics', true)).toMatch(/^cookie_consent=analytics; .*; Secure$/)
    expect(parseConsent(consentCookie('analytics', true).split(';')[0]!)).toBe('analytics')
  })

  it('deletes only Metrika’s cookies when consent is withdrawn', () => {
    expect(metrikaCookieRemovals('_ym_uid=1; sid=2; _ym_d=3; cookie_consent=analytics')).toEqual([
      '_ym_uid=; Max-Age=0; Path=/',
      '_ym_d=; Max-Age=0; Path=/',
    ])
  })
})
