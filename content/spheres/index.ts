import { SPHERE_SLUGS } from '#common/spheres.ts'
import type { Sphere } from '#content/types.ts'

import { sphere as transport } from './transport.ts'
import { sphere as selskoeKhozyaistvo } from './selskoe-khozyaistvo.ts'
import { sphere as lesnoeKhozyaistvo } from './lesnoe-khozyaistvo.ts'
import { sphere as atomnayaPromyshlennost } from './atomnaya-promyshlennost.ts'
import { sphere as dobychaPoleznykhIskopayemykh } from './dobycha-poleznykh-iskopayemykh.ts'
import { sphere as elektroenergetika } from './elektroenergetika.ts'
import { sphere as stroitelstvo } from './stroitelstvo.ts'
import { sphere as meditsinaIZdravoohranenie } from './meditsina-i-zdravoohranenie.ts'
import { sphere as chsIBezopasnost } from './chs-i-bezopasnost.ts'
import { sphere as infrastrukturaIZhkh } from './infrastruktura-i-zhkh.ts'
import { sphere as ekologiya } from './ekologiya.ts'
import { sphere as naukaIObrazovanie } from './nauka-i-obrazovanie.ts'

const BY_SLUG: Readonly<Record<string, Sphere>> = Object.fromEntries(
  [
    transport,
    selskoeKhozyaistvo,
    lesnoeKhozyaistvo,
    atomnayaPromyshlennost,
    dobychaPoleznykhIskopayemykh,
    elektroenergetika,
    stroitelstvo,
    meditsinaIZdravoohranenie,
    chsIBezopasnost,
    infrastrukturaIZhkh,
    ekologiya,
    naukaIObrazovanie,
  ].map((s) => [s.slug, s]),
)

/** All 12 spheres in the order of SPHERE_SLUGS (home page tiles, sitemap, navigation). */
export const SPHERES: readonly Sphere[] = SPHERE_SLUGS.map((slug) => {
  const sphere = BY_SLUG[slug]
  if (!sphere) throw new Error(`Sphere content missing for slug "${slug}"`)
  return sphere
})

/** The sphere with this slug, or undefined for an unknown slug (the route answers 404). */
export function getSphere(slug: string): Sphere | undefined {
  return Object.hasOwn(BY_SLUG, slug) ? BY_SLUG[slug] : undefined
}
