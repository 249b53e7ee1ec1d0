/** The 12 industry spheres fixed by the spec; any other slug is a 404. */
export const SPHERE_SLUGS = [
  'transport',
  'selskoe-khozyaistvo',
  'lesnoe-khozyaistvo',
  'atomnaya-promyshlennost',
  'dobycha-poleznykh-iskopayemykh',
  'elektroenergetika',
  'stroitelstvo',
  'meditsina-i-zdravoohranenie',
  'chs-i-bezopasnost',
  'infrastruktura-i-zhkh',
  'ekologiya',
  'nauka-i-obrazovanie',
] as const

export type SphereSlug = (typeof SPHERE_SLUGS)[number]

export function isSphereSlug(value: string): value is SphereSlug {
  return (SPHERE_SLUGS as readonly string[]).includes(value)
}

export const CATALOG_ROOT_SLUG = 'bespilotniki'
export const CATALOG_PATH = `/catalog/${CATALOG_ROOT_SLUG}`

/** Catalogue link of a sphere: the root catalogue filtered by areas_of_application. */
export function sphereCatalogLink(slug: SphereSlug): string {
  return `${CATALOG_PATH}?areas_of_application=${slug}`
}

/** Sphere illustrations are 760x400 (spec section 9). */
export const SPHERE_IMAGE_SIZE = { width: 760, height: 400 } as const
