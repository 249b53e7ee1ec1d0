import { describe, expect, it } from 'vitest'
import { guessViewport, parseViewport, viewportCookie, viewportForWidth } from './viewport.ts'

describe('viewportForWidth', () => {
  it.each([
    [0, 'mobile'],
    [320, 'mobile'],
    [1199, 'mobile'],
    [1200, 'desktop'],
    [1920, 'desktop'],
  ])('%i px → %s', (width, viewport) => {
    expect(viewportForWidth(width)).toBe(viewport)
  })
})

describe('viewportCookie', () => {
  it('lasts 365 days on the whole site, Secure and SameSite=Strict', () => {
    const cookie = viewportCookie('mobile')
    const parts = cookie.split('; ')
    expect(parts[0]).toBe('viewport=mobile')
    expect(parts).toContain('Max-Age=31536000')
    expect(parts).toContain('Secure')
    expect(parts).toContain('SameSite=Strict')
    expect(parts).toContain('Path=/')
    expect(viewportCookie('desktop')).toMatch(/^viewport=desktop;/)
  })
})

describe('parseViewport', () => {
  it('accepts only the two known values', () => {
    expect(parseViewport('mobile')).toBe('mobile')
    expect(parseViewport('desktop')).toBe('desktop')
    expect(parseViewport('tablet')).toBeNull()
    expect(parseViewport(undefined)).toBeNull()
  })
})

describe('guessViewport', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'
  const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15'
  const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'

  it.each([IPHONE, ANDROID, IPAD])('phones and tablets get mobile: %s', (ua) => {
    expect(guessViewport(ua)).toBe('mobile')
  })

  it('a desktop browser, or no user agent at all, gets desktop', () => {
    expect(guessViewport(DESKTOP)).toBe('desktop')
    expect(guessViewport(undefined)).toBe('desktop')
    expect(guessViewport('')).toBe('desktop')
  })

  it('the Sec-CH-UA-Mobile client hint ?1 means mobile', () => {
    expect(guessViewport(DESKTOP, '?1')).toBe('mobile')
    expect(guessViewport(DESKTOP, '?0')).toBe('desktop')
  })
})
