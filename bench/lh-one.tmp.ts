import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
const url = process.argv[2]!
const runs = Number(process.argv[3] ?? 1)
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
for (let i = 0; i < runs; i++) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  const { audits, categories } = r!.lhr
  const v = (k: string) => Math.round(audits[k]?.numericValue ?? NaN)
  console.log(`perf ${Math.round(categories.performance!.score! * 100)} FCP ${v('first-contentful-paint')} LCP ${v('largest-contentful-paint')} TBT ${v('total-blocking-time')} SI ${v('speed-index')} CLS ${audits['cumulative-layout-shift']!.numericValue}`)
  if (process.env.DETAIL) {
    const lt = (audits['long-tasks']?.details as any)?.items ?? []
    for (const t of lt) console.log('  long', Math.round(t.startTime), Math.round(t.duration), t.url)
    const bt = (audits['bootup-time']?.details as any)?.items ?? []
    for (const t of bt.slice(0, 8)) console.log('  boot', Math.round(t.total), 'script', Math.round(t.scripting), 'parse', Math.round(t.scriptParseCompile), t.url)
    const mw = (audits['mainthread-work-breakdown']?.details as any)?.items ?? []
    console.log('  main', mw.map((t: any) => `${t.group}:${Math.round(t.duration)}`).join(' '))
    const lcpEl = (audits['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node?.snippet
    console.log('  lcp el', lcpEl)
  }
}
await chrome.kill()
