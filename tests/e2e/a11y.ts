import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { Result } from 'axe-core'
import { expect } from './fixtures.ts'

export interface AxeOptions {
  /** Only this part of the page (a CSS selector). */
  include?: string
  /** Said with a failure: which page and width. */
  label?: string
}

/**
 * axe on the page as it is now, run in the page itself. The builder's default mode opens a blank
 * tab and loads axe into it again to merge the results of cross-origin frames, which our pages do
 * not have; that doubled the time of every check (about a second of a CI core each). Only
 * violations are collected: the passing and inapplicable results carry node details nobody reads.
 */
export async function axeViolations(page: Page, { include }: AxeOptions = {}): Promise<Result[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] })
  if (include) builder = builder.include(include)
  return (await builder.analyze()).violations
}

const describe = (violations: Result[]) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)

/** The serious and critical findings among `violations`, one line each. */
export const seriousFindings = (violations: Result[]) =>
  describe(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))

/**
 * axe on the page: no serious or critical findings once it has settled. Asked again for a few
 * seconds while it finds some: a notification fading in is measured at part of its opacity, and
 * its text fails the contrast check until the animation ends. A lasting finding still fails.
 */
export async function expectNoSeriousViolations(page: Page, options: AxeOptions = {}) {
  await expect
    .poll(async () => seriousFindings(await axeViolations(page, options)), { message: options.label, timeout: 10_000 })
    .toEqual([])
}

/** axe on the page as it is now: no findings at all, of any impact. */
export async function expectNoViolations(page: Page, options: AxeOptions = {}) {
  expect(describe(await axeViolations(page, options)), options.label).toEqual([])
}

/**
 * Nothing on the page is wider than the window: the document does not scroll sideways. Asked until
 * it holds: right after a viewport change, widths that script sets (a form's, once) follow only on
 * a later render. A failure names the elements that reach past the window's right edge, widest
 * first.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const width = window.innerWidth
        if (document.documentElement.scrollWidth <= width) return []
        return [...document.body.querySelectorAll('*')]
          .map((element) => ({ element, right: Math.round(element.getBoundingClientRect().right) }))
          .filter(({ right }) => right > width)
          .sort((a, b) => b.right - a.right)
          .slice(0, 5)
          .map(
            ({ element, right }) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} → ${right}px`,
          )
      }),
    )
    .toEqual([])
}
