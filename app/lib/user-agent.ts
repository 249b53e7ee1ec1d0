/**
 * A short Russian description of a session's device from its User-Agent, for the list of
 * sessions: «Chrome 156 · Windows», «Safari · iPhone». Good enough to recognise one's own
 * devices; not a device database.
 */
export type DeviceKind = 'desktop' | 'mobile' | 'tablet'

export interface DeviceSummary {
  browser: string
  os: string
  kind: DeviceKind
  /** «Браузер · Система», or «Неизвестное устройство». */
  label: string
}

// Order matters: Chromium-based browsers also say "Chrome" and "Safari"; Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\/(\d+)/, 'Яндекс Браузер'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:CriOS|HeadlessChrome|Chrome)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string | ((m: RegExpExecArray) => string)][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android (\d+)/, (m) => `Android ${m[1]}`],
  [/Android/, 'Android'],
  [/Windows Phone/, 'Windows Phone'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

export function describeUserAgent(userAgent: string): DeviceSummary {
  const ua = userAgent.trim()
  let browser = ''
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua)
    if (match) {
      browser = name === 'Safari' ? name : `${name} ${match[1]}`
      break
    }
  }
  // Programs that are not browsers name themselves first: "curl/8.5.0", "okhttp/4.12".
  if (!browser && ua && !ua.startsWith('Mozilla/')) browser = ua.split(/[\s/]/)[0] ?? ''

  let os = ''
  for (const [pattern, name] of SYSTEMS) {
    const match = pattern.exec(ua)
    if (match) {
      os = typeof name === 'string' ? name : name(match)
      break
    }
  }

  const kind: DeviceKind =
    /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))
      ? 'tablet'
      : /Mobi|iPhone|Windows Phone/.test(ua)
        ? 'mobile'
        : 'desktop'

  const label = [browser, os].filter(Boolean).join(' · ') || 'Неизвестное устройство'
  return { browser, os, kind, label }
}
