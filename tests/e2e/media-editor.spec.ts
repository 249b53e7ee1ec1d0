import { randomUUID } from 'node:crypto'
import type { Page, Response } from '@playwright/test'
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { newPerson, signIn } from './people.ts'
import { photoFile } from './photos.ts'

const LIST = '/personal-account/staff/articles'
// Other specs share the server's demo data: this one works only on the article it writes.
const TAG = randomUUID().slice(0, 8)
/** A form's post on a busy machine (two cores shared by parallel specs) may take this long. */
const FORM_POST = 15_000
/** The editor is a chunk of its own that loads after hydration: on a busy machine, a full page load takes this long. */
const EDITOR_LOAD = 15_000
const TITLE = `Как выбрать квадрокоптер для обследования ЛЭП ${TAG}`

/** Moscow's wall-clock time of a moment (UTC+3 all year), as the schedule's picker takes it. */
const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября'].concat([
  'октября',
  'ноября',
  'декабря',
])

function moscowClock(moment: Date) {
  const shifted = new Date(moment.getTime() + 3 * 60 * 60 * 1000)
  const two = (n: number) => String(n).padStart(2, '0')
  return {
    /** The calendar's name of the day: «28 ноября 2026». */
    day: `${shifted.getUTCDate()} ${MONTHS[shifted.getUTCMonth()]} ${shifted.getUTCFullYear()}`,
    hours: two(shifted.getUTCHours()),
    minutes: two(shifted.getUTCMinutes()),
    seconds: two(shifted.getUTCSeconds()),
  }
}

/**
 * The JavaScript a page loads while `run` goes on, each file's text by its address. The texts are
 * asked of the server afterwards: a response's body in the browser is gone once the page has
 * navigated on, and the built files do not change.
 */
async function scriptsLoadedBy(page: Page, run: () => Promise<unknown>) {
  const urls = new Set<string>()
  const listen = (response: Response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url())
  }
  page.on('response', listen)
  await run()
  page.off('response', listen)
  return new Map(
    await Promise.all([...urls].map(async (url) => [url, await (await page.request.get(url)).text()] as const)),
  )
}

/** ProseMirror names its editor's class in its code: a chunk with it carries the editor. */
const carriesEditor = (scripts: Map<string, string>) =>
  [...scripts].filter(([, text]) => text.includes('ProseMirror')).map(([url]) => url)

async function checkPage(page: Page) {
  await expectNoSeriousViolations(page)
  await expectNoHorizontalOverflow(page)
}

test('staff write an article with a heading, a picture and a product, preview it and schedule it; it goes out at its time', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  await signIn(page, 'staff@example.com')

  // The staff console has «Статьи»; the list opens with «Новая статья».
  await page.goto('/personal-account/staff')
  await waitForHydration(page)
  await page.getByRole('navigation', { name: 'Разделы модерации' }).getByRole('link', { name: 'Статьи' }).click()
  await expect(page).toHaveURL(LIST)
  await expect(page.getByRole('heading', { name: 'Статьи', level: 2 })).toBeVisible()
  await checkPage(page)
  const body = page.getByRole('textbox', { name: 'Текст статьи' })
  const editorScripts = await scriptsLoadedBy(page, async () => {
    await page.getByRole('link', { name: 'Новая статья' }).click()
    await expect(page).toHaveURL(`${LIST}/new`)
    await expect(body).toBeVisible()
    // The body is a plain draft at first; the editor's toolbar means its code has arrived.
    await expect(page.getByRole('button', { name: 'Вставить изображение' })).toBeVisible({ timeout: EDITOR_LOAD })
  })
  // The check below can tell: the editor's own page does load the editor's code.
  expect(carriesEditor(editorScripts).length).toBeGreaterThan(0)
  await checkPage(page)

  // Saving an empty form shows the errors next to the fields, in Russian.
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByText('Заголовок не короче 5 символов')).toBeVisible()
  await expect(page.getByText('Выберите рубрику')).toBeVisible()

  await page.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(TITLE)
  await page.getByRole('button', { name: /^kak-vybrat-kvadrokopter/ }).click()
  await expect(page.getByRole('textbox', { name: 'Адрес статьи' })).toHaveValue(
    /^kak-vybrat-kvadrokopter-dlya-obsledovaniya-lep/,
  )
  await page
    .getByRole('textbox', { name: 'Лид' })
    .fill('Что важно для обследования линий электропередачи: время полёта, камеры и защита от помех.')
  await page.getByRole('combobox', { name: 'Рубрика' }).click()
  await page.getByRole('option', { name: 'Гиды' }).click()
  await page.getByRole('textbox', { name: 'Автор' }).fill('Редакция БАС Маркет')
  await page.getByRole('combobox', { name: 'Теги' }).fill('ЛЭП')
  await page.keyboard.press('Enter')

  // The body: a paragraph, a section heading, a picture with a caption and a product card, written
  // with the editor's toolbar (until the editor arrives the body is a plain editable draft).
  await expect(page.getByRole('button', { name: 'Вставить изображение' })).toBeVisible({ timeout: EDITOR_LOAD })
  await body.click()
  await page.keyboard.type('Линии электропередачи тянутся на сотни километров, и обходить их пешком долго.')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Заголовок', exact: true }).click()
  await page.keyboard.type('Что взять с собой')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Тепловизор, запасные батареи и план облёта.')
  await page.keyboard.press('Enter')

  const picture = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Вставить изображение' }).click()
  await (await picture).setFiles(await photoFile('lep.png', 'png', { r: 30, g: 120, b: 90 }))
  const describe = page.getByRole('dialog', { name: 'Описание изображения' })
  await describe.getByRole('textbox').fill('Квадрокоптер над опорой ЛЭП')
  await describe.getByRole('button', { name: 'Вставить' }).click()
  await expect(page.getByText('Изображение вставлено: под ним можно написать подпись')).toBeVisible()
  const figure = body.locator('figure').filter({ has: page.locator('img') })
  await expect(figure.locator('img')).toHaveAttribute('alt', 'Квадрокоптер над опорой ЛЭП')
  await figure.locator('figcaption').click()
  await page.keyboard.type('Облёт опоры на высоте 40 метров')

  await page.getByRole('button', { name: 'Вставить товар из каталога' }).click()
  const search = page.getByRole('dialog', { name: 'Товар в статье' })
  await search.getByRole('textbox', { name: 'Найти товар в каталоге' }).fill('Matrice')
  const found = search.getByRole('list', { name: 'Найденные товары' }).getByRole('button').first()
  await expect(found).toBeVisible()
  const productName = (await found.locator('p').first().textContent())!.trim()
  await found.click()
  await expect(search).toBeHidden()
  await expect(body.getByText(productName)).toBeVisible()

  // A table under the list of things to take, filled cell by cell with Tab.
  await body.getByText('Тепловизор, запасные батареи и план облёта.').click()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Вставить таблицу', exact: true }).click()
  await page.getByRole('button', { name: 'Вставить таблицу: столбцов 2, строк 2' }).click()
  // Each cell is checked before Tab moves on, so a keystroke can never land ahead of the editor.
  const cells = body.locator('table').locator('th, td')
  await expect(cells).toHaveCount(4)
  await page.waitForFunction(() => {
    const anchor = window.getSelection()?.anchorNode
    const element = anchor instanceof Element ? anchor : anchor?.parentElement
    return element?.closest('th, td') === document.querySelector('[contenteditable] table th')
  })
  for (const [index, text] of ['Модель', 'Время полёта', 'Matrice 350', '55 мин'].entries()) {
    if (index > 0) await page.keyboard.press('Tab')
    await page.keyboard.type(text)
    await expect(cells.nth(index)).toHaveText(text)
  }

  // The cover, with its description.
  const cover = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Загрузить обложку' }).click()
  await (await cover).setFiles(await photoFile('cover.jpg', 'jpeg', { r: 200, g: 150, b: 40 }))
  await expect(page.getByRole('button', { name: 'Заменить обложку' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Описание обложки' }).fill('Квадрокоптер у линии электропередачи')

  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${LIST}/[0-9a-f-]{36}$`), { timeout: FORM_POST })
  const editUrl = new URL(page.url()).pathname
  const id = editUrl.split('/').pop()!
  await expect(page.getByRole('heading', { level: 2, name: TITLE })).toBeVisible()
  await expect(page.getByText('Все изменения сохранены')).toBeVisible()
  const history = page.getByRole('list', { name: 'История изменений' })
  await expect(history.getByText('Создана', { exact: true })).toBeVisible()

  // What was saved comes back into the editor unchanged: the heading, the picture, the product's card.
  const saved = page.getByRole('textbox', { name: 'Текст статьи' })
  await expect(saved.getByRole('heading', { name: 'Что взять с собой' })).toBeVisible()
  await expect(saved.locator('figure img')).toHaveAttribute('alt', 'Квадрокоптер над опорой ЛЭП')
  await expect(saved.locator('figcaption')).toHaveText('Облёт опоры на высоте 40 метров')
  await expect(saved.getByText(productName)).toBeVisible()
  await expect(saved.locator('table td').nth(1)).toHaveText('55 мин')
  const stored = await (await page.request.get(`/api/v1/media/staff/articles/${id}`)).json()
  const slug = stored.data.slug as string
  expect(stored.data.bodyHtml).toMatch(/<figure data-product-embed="[0-9a-f-]{36}"><\/figure>/)
  await checkPage(page)

  // The preview renders the public article with a banner and a way back.
  await page.getByRole('link', { name: 'Предпросмотр' }).click()
  await expect(page).toHaveURL(`${LIST}/${id}/preview`)
  await expect(page.getByRole('alert').filter({ hasText: 'Предпросмотр' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Что взять с собой' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Квадрокоптер над опорой ЛЭП' })).toBeVisible()
  await expect(page.getByRole('table').getByRole('cell', { name: '55 мин' })).toBeVisible()
  await expect(page.getByRole('link', { name: productName }).first()).toHaveAttribute('href', /^\/product\//)
  await page.getByRole('link', { name: 'Вернуться к редактированию' }).click()
  await expect(page).toHaveURL(editUrl)

  // Not public yet.
  const reader = await newPerson(browser)
  expect((await reader.goto(`/media/${slug}`))?.status()).toBe(404)

  // Scheduled half a minute ahead, in Moscow time.
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Запланировать' }).click()
  const schedule = page.getByRole('dialog', { name: 'Запланировать публикацию' })
  const at = new Date(Date.now() + 40_000)
  const clock = moscowClock(at)
  await schedule.getByRole('button', { name: /Дата и время публикации/ }).click()
  // The day too: the dialog offers the next whole hour, which after 23:00 in Moscow is tomorrow.
  await page.getByRole('button', { name: clock.day, exact: true }).click()
  await page.getByRole('spinbutton', { name: 'Часы' }).fill(clock.hours)
  await page.getByRole('spinbutton', { name: 'Минуты' }).fill(clock.minutes)
  await page.getByRole('spinbutton', { name: 'Секунды' }).fill(clock.seconds)
  await page.getByRole('button', { name: 'Готово' }).click()
  await schedule.getByRole('button', { name: 'Запланировать' }).click()
  await expect(page.getByText('Публикация запланирована')).toBeVisible({ timeout: FORM_POST })
  await expect(page.getByText('Запланирована', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Снять с расписания' })).toBeVisible()
  await expect(history.getByText('Запланирована', { exact: true })).toBeVisible()

  // Before its time, readers see nothing of it.
  expect((await reader.goto(`/media/${slug}`))?.status()).toBe(404)
  await reader.goto('/media')
  await expect(reader.getByRole('link', { name: TITLE })).toHaveCount(0)

  // While the publication time comes, the editor's pages at a phone's width.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Текст статьи' })).toBeVisible({ timeout: EDITOR_LOAD })
  await checkPage(page)
  await page.goto(LIST)
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible()
  await checkPage(page)
  await page.goto(`${LIST}/new`)
  await expect(page.getByRole('textbox', { name: 'Текст статьи' })).toBeVisible({ timeout: EDITOR_LOAD })
  await checkPage(page)

  // At its time it is out: the article, the list, the sitemap and the feed.
  await expect
    .poll(async () => (await reader.request.get(`/media/${slug}`)).status(), {
      timeout: 120_000,
      intervals: [2_000],
    })
    .toBe(200)
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1_000)
  await reader.goto('/media')
  await expect(reader.getByRole('link', { name: TITLE }).first()).toBeVisible()
  const sitemap = await (await reader.request.get('/sitemap.xml')).text()
  expect(sitemap).toContain(`/media/${slug}</loc>`)
  const rss = await (await reader.request.get('/media/rss.xml')).text()
  expect(rss).toContain(TITLE)
  expect(rss).toContain(`/media/${slug}`)
  // The public pages never load the editor's code, not even after hydration.
  const publicScripts = await scriptsLoadedBy(reader, async () => {
    await reader.goto(`/media/${slug}`)
    await waitForHydration(reader)
    await reader.goto('/media')
    await waitForHydration(reader)
    await reader.goto(`/media/${slug}`)
    await waitForHydration(reader)
  })
  expect(publicScripts.size).toBeGreaterThan(0)
  expect(carriesEditor(publicScripts)).toEqual([])
  const card = reader.getByRole('link', { name: productName }).first()
  await expect(card).toHaveAttribute('href', /^\/product\/[a-z0-9-]+$/)
  const productHref = (await card.getAttribute('href'))!
  await card.click()
  // The offer's own address leads to its model's page with the offer chosen.
  await expect(reader).toHaveURL(new RegExp(`/product/[a-z0-9-]+\\?offer=${productHref.slice('/product/'.length)}$`))
  await reader.context().close()

  // The editor shows it as published.
  await page.goto(editUrl)
  await expect(page.getByRole('textbox', { name: 'Текст статьи' })).toBeVisible({ timeout: EDITOR_LOAD })
  await expect(page.getByText('Опубликована', { exact: true }).first()).toBeVisible()
})

test('the staff articles pages are not for anyone else', async ({ browser }) => {
  const buyer = await newPerson(browser, 'buyer@example.com')
  for (const path of [LIST, `${LIST}/new`, `${LIST}/${randomUUID()}`, `${LIST}/${randomUUID()}/preview`]) {
    expect((await buyer.goto(path))?.status(), path).toBe(403)
    await expect(buyer.getByRole('heading', { level: 1, name: 'Ошибка 403' })).toBeVisible()
  }
  await buyer.context().close()
})

test('a save over a colleague’s newer version says so and loses nothing; leaving with unsaved changes asks first', async ({
  page,
  consoleErrors,
}) => {
  // The refused save is a 409 answer, which Chromium reports in the console.
  consoleErrors.expect(/status of 409 \(Conflict\)/)
  await signIn(page, 'staff@example.com')
  const created = await page.request.post('/api/v1/media/staff/articles', {
    data: {
      title: `Черновик для двух редакторов ${TAG}`,
      lead: 'Лид черновика.',
      rubric: 'news',
      tags: [],
      bodyHtml: '<p>Первый абзац.</p>',
      coverFileId: null,
      coverAlt: '',
      seoTitle: '',
      seoDescription: '',
      authorName: '',
      version: 0,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const article = (await created.json()).data
  await page.goto(`${LIST}/${article.id}`)
  await waitForHydration(page)
  const lead = page.getByRole('textbox', { name: 'Лид' })
  await expect(lead).toHaveValue('Лид черновика.')

  // A colleague saves first.
  const colleague = await page.request.put(`/api/v1/media/staff/articles/${article.id}`, {
    data: {
      title: article.title,
      slug: article.slug,
      lead: 'Лид коллеги.',
      rubric: article.rubric,
      tags: [],
      bodyHtml: article.bodyHtml,
      coverFileId: null,
      coverAlt: '',
      seoTitle: '',
      seoDescription: '',
      authorName: '',
      version: article.version,
    },
  })
  expect(colleague.status(), await colleague.text()).toBe(200)

  await lead.fill('Мой новый лид.')
  // Leaving asks first, and staying keeps the text.
  await page.getByRole('link', { name: '← Все статьи' }).click()
  const leave = page.getByRole('dialog', { name: 'Изменения ещё не сохранены' })
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Остаться' }).click()
  await expect(page).toHaveURL(`${LIST}/${article.id}`)
  await expect(lead).toHaveValue('Мой новый лид.')

  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Статью уже изменил другой редактор' })
  await expect(alert).toBeVisible({ timeout: FORM_POST })
  await expect(lead).toHaveValue('Мой новый лид.')
  await alert.getByRole('button', { name: 'Сохранить мою версию поверх' }).click()
  await expect(page.getByText('Все изменения сохранены')).toBeVisible({ timeout: FORM_POST })
  const stored = await (await page.request.get(`/api/v1/media/staff/articles/${article.id}`)).json()
  expect(stored.data.lead).toBe('Мой новый лид.')
})

test('the body can be typed into before the editor has loaded, and the editor goes on from what was typed', async ({
  page,
}) => {
  await signIn(page, 'staff@example.com')
  // The editor's chunk is held back until the draft has been typed into, as on a slow phone.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/RichTextField-[^/]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto(`${LIST}/new`)
  await waitForHydration(page)
  const body = page.getByRole('textbox', { name: 'Текст статьи' })
  await expect(body).toBeVisible()
  await expect(page.getByRole('button', { name: 'Вставить изображение' })).toHaveCount(0)
  await body.click()
  await page.keyboard.type('Черновик до загрузки редактора. ')

  release()
  // The toolbar arrives, the draft gives way, the text stays and the caret goes on after it.
  await expect(page.getByRole('button', { name: 'Вставить изображение' })).toBeVisible({ timeout: EDITOR_LOAD })
  await expect(page.getByTestId('article-body-draft')).toHaveCount(0)
  await expect(body).toHaveCount(1)
  await page.keyboard.type('И после.')
  await expect(body).toContainText('Черновик до загрузки редактора. И после.')
  await expect(body.locator('p')).toHaveCount(1)
})
