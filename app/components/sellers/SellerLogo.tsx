import { AppImage } from '#app/components/AppImage.tsx'
import { organizationBrandName } from '#common/slug.ts'
import classes from './SellerLogo.module.css'

/** «ООО «АэроТех Системы»» → «АС»; one word gives its first letter. */
export function sellerInitials(name: string): string {
  const words = organizationBrandName(name)
    .split(/[\s-]+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('')
}

/**
 * The seller's logo, or its initials on a coloured square when it has none. Decorative: the
 * name is always written next to it.
 */
export function SellerLogo({
  name,
  logo,
  size = 56,
  eager = false,
}: {
  name: string
  logo: string | null
  size?: 56 | 96
  /** In a page's header, above the fold: not lazy. */
  eager?: boolean
}) {
  if (logo) {
    return (
      <span className={classes.frame} style={{ width: size, height: size }}>
        <AppImage
          src={logo}
          alt=""
          size={size === 96 ? 'sellerLogo' : 'sellerLogoSmall'}
          loading={eager ? 'eager' : 'lazy'}
          className={classes.image}
        />
      </span>
    )
  }
  return (
    <span
      className={classes.initials}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.36) }}
      aria-hidden="true"
    >
      {sellerInitials(name)}
    </span>
  )
}
