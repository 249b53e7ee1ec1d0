import { getInfoPage } from './info-pages.ts'

/** A lead may only come from a page that shows an application form. */
export function isLeadFormPath(path: string): boolean {
  return getInfoPage(path)?.leadForm !== undefined
}
