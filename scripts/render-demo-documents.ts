/**
 * Draws the registry extracts the demo organizations' roles were confirmed on
 * (content/demo-documents/egrul-<slug>.pdf) from their details in the seed, dated the day their
 * owners attached them (server/seed/timeline.ts). Chromium prints them with its fonts
 * embedded, so the seed and the app need no fonts of their own. Run
 * `node scripts/render-demo-documents.ts` after changing a demo organization, and commit the output.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { DEMO_ORGANIZATIONS, DEMO_USERS } from '../server/seed/accounts.ts'
import { CATALOG_VENDORS } from '../server/seed/catalog/vendors/index.ts'
import { catalogVendorJoined, DEMO_JOINED, roleTimeline } from '../server/seed/timeline.ts'
import { extractFile, extractName } from '../server/seed/verification.ts'

interface Subject {
  slug: string
  fullName: string
  shortName: string
  inn: string
  kpp: string
  ogrn: string
  legalAddress: string
  /** «Имя Фамилия», as the owner's account has it. */
  director: string
  issuedAt: Date
}

const subjects: Subject[] = [
  ...DEMO_ORGANIZATIONS.map((o) => ({
    ...o,
    director: DEMO_USERS.find((u) => u.key === o.owner)!.name,
    issuedAt: roleTimeline(DEMO_JOINED[o.owner]).documentsAttached,
  })),
  ...CATALOG_VENDORS.map((v, i) => ({
    ...v,
    director: v.owner.name,
    issuedAt: roleTimeline(catalogVendorJoined(i)).documentsAttached,
  })),
]

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
const day = (d: Date) => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short' }).format(d)

function extractHtml(s: Subject): string {
  const [firstName, ...rest] = s.director.split(' ')
  const number = `ЮЭ9965-${String(s.issuedAt.getUTCFullYear()).slice(2)}-${s.inn.slice(2)}`
  const section = (title: string) => `<tr class="section"><td colspan="3">${title}</td></tr>`
  let n = 0
  const row = (label: string, value: string) => `<tr><td>${++n}</td><td>${label}</td><td>${escape(value)}</td></tr>`
  // One face in one weight: each PDF carries one font subset (18 KB a file instead of 30).
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escape(extractName(s.shortName).replace(/\.pdf$/, ''))}</title><style>
  body { font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; font-size: 10pt; color: #111; margin: 0 }
  h1, b, .section td { font-weight: normal }
  .demo { border: 1.5px solid #b3261e; color: #b3261e; padding: 6px 10px; text-align: center; margin-bottom: 18px }
  h1 { font-size: 14pt; text-align: center; margin: 0 0 4px }
  .sub { text-align: center; margin: 0 0 14px }
  table { border-collapse: collapse; width: 100%; margin-top: 12px }
  td { border: 1px solid #777; padding: 4px 6px; vertical-align: top }
  td:first-child { width: 28px; text-align: center }
  td:nth-child(2) { width: 42% }
  .section td { text-align: center; background: #e8e8e8 }
  .foot { margin-top: 18px; font-size: 8.5pt; color: #555 }
</style></head><body>
<p class="demo">Образец для демонстрации платформы «БАС Маркет». Организация и все сведения вымышлены.</p>
<h1>ВЫПИСКА<br>из Единого государственного реестра юридических лиц</h1>
<p class="sub">${day(s.issuedAt)} № ${number}</p>
<p>Настоящая выписка содержит сведения о юридическом лице<br><b>${escape(s.fullName)}</b><br>
ОГРН ${s.ogrn}, включённые в Единый государственный реестр юридических лиц по состоянию на ${day(s.issuedAt)}.</p>
<table>
<tr class="section"><td>№</td><td>Наименование показателя</td><td>Значение показателя</td></tr>
${section('Наименование')}
${row('Полное наименование на русском языке', s.fullName)}
${row('Сокращённое наименование на русском языке', s.shortName)}
${section('Место нахождения и адрес юридического лица')}
${row('Адрес юридического лица', s.legalAddress)}
${section('Сведения о регистрации')}
${row('ОГРН', s.ogrn)}
${section('Сведения об учёте в налоговом органе')}
${row('ИНН юридического лица', s.inn)}
${row('КПП юридического лица', s.kpp)}
${section('Сведения о лице, имеющем право без доверенности действовать от имени юридического лица')}
${row('Фамилия', rest.join(' '))}
${row('Имя', firstName!)}
${row('Должность', 'Генеральный директор')}
</table>
<p class="foot">Выписка сформирована для демонстрационных данных платформы и не является документом.</p>
</body></html>`
}

mkdirSync(fileURLToPath(new URL('.', extractFile('x'))), { recursive: true })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const page = await browser.newPage()
  for (const s of subjects) {
    await page.setContent(extractHtml(s))
    await page.pdf({
      path: fileURLToPath(extractFile(s.slug)),
      format: 'A4',
      margin: { top: '18mm', bottom: '18mm', left: '20mm', right: '15mm' },
    })
  }
  console.log(`${subjects.length} extracts in content/demo-documents/`)
} finally {
  await browser.close()
}
