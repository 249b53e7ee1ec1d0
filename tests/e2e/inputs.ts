import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** Picks an option of a Mantine select by typing part of it (or only opening it). */
export async function pick(page: Page, label: string, typed: string | null, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  if (typed) await page.getByRole('combobox', { name: label }).fill(typed)
  await page.getByRole('option', { name: option }).first().click()
}

/** An ISO date `days` from now (far enough from midnight in Moscow not to matter). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Gives `stars` in a Mantine rating the way a person does, with a click on the visible star: the
 * radio under it has no size (it is there for the keyboard and screen readers), so it cannot be
 * clicked itself. The radio's label is the star.
 */
export async function rate(region: Locator, stars: number) {
  const radio = region.getByRole('radio', { name: `${stars} из 5` })
  const id = await radio.getAttribute('id')
  await region.locator(`label[for="${id}"]`).click()
  await expect(radio).toBeChecked()
}

/** The same from the keyboard: from the first star the arrows move along them, Space chooses. */
export async function rateFromKeyboard(region: Locator, stars: number) {
  await region.getByRole('radio', { name: '1 из 5' }).focus()
  for (let i = 1; i < stars; i++) await region.page().keyboard.press('ArrowRight')
  await region.page().keyboard.press('Space')
  await expect(region.getByRole('radio', { name: `${stars} из 5` })).toBeChecked()
}
