/** Latin slugs from Russian text for public addresses: «АэроТех Системы» → aerotekh-sistemy. */
const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
}

export const MAX_SLUG_LENGTH = 80

export function slugify(text: string): string {
  const latin = [...text.toLowerCase()].map((ch) => TRANSLIT[ch] ?? ch).join('')
  return latin
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '')
}

/** An organization's name without its legal form and quotes: «ООО «АэроТех Системы»» → АэроТех Системы. */
export function organizationBrandName(shortName: string): string {
  return shortName
    .replace(/^(ООО|АО|ПАО|ЗАО|ОАО|НАО|ИП|ФГУП|ГУП|МУП|АНО)\s+/u, '')
    .replace(/[«»"„“]/g, '')
    .trim()
}

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A slug as slugify makes it. */
export function isSlug(value: string): boolean {
  return SLUG_SHAPE.test(value) && value.length <= MAX_SLUG_LENGTH
}

/** An organization whose slug is taken gets «-{ИНН}» (up to 13 characters) appended to it. */
const MAX_ADDRESS_SLUG_LENGTH = MAX_SLUG_LENGTH + 13

/**
 * Whether a value from an address could name a product or a seller at all. Anything else (other
 * characters, NUL, a kilobyte of text) is a 404 decided without asking the database.
 */
export function isPossibleSlug(value: string): boolean {
  return value.length <= MAX_ADDRESS_SLUG_LENGTH && SLUG_SHAPE.test(value)
}
