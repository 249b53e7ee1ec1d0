import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'

/**
 * E-mail as the server wrote it to MAIL_DIR (playwright.config.ts sets it for the run): one file
 * per message, named by time, with To and Subject headers above the text.
 */
function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts')
  return dir
}

function lettersTo(to: string): string[] {
  let names: string[]
  try {
    names = readdirSync(mailDir()).sort()
  } catch {
    return []
  }
  return names
    .map((name) => readFileSync(join(mailDir(), name), 'utf8'))
    .filter((text) => text.split('\n').includes(`To: ${to}`))
}

/**
 * The path and query of the newest link to `to` that carries `param` (e.g. `confirmEmail`),
 * waiting for the letter to arrive.
 */
export async function linkFromMail(to: string, param: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      () => {
        const found = lettersTo(to)
          .map((text) => new RegExp(`https?://[^\\s]+[?&]${param}=[\\w-]+`).exec(text)?.[0])
          .filter(Boolean)
        link = found.at(-1)
        return link
      },
      { message: `a letter to ${to} with a ${param} link` },
    )
    .toBeTruthy()
  const url = new URL(link!)
  return `${url.pathname}${url.search}`
}

/** The token of that link, for API calls. */
export async function tokenFromMail(to: string, param: string): Promise<string> {
  return new URL(await linkFromMail(to, param), 'http://localhost').searchParams.get(param)!
}
