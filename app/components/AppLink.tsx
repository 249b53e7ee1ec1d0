import { forwardRef } from 'react'
import { Link, type LinkProps } from 'react-router'
import { usePrefetchMode } from '#app/lib/prefetch.ts'

/** A router link that prefetches on intent, except on save-data or 2g connections. */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink(props, ref) {
  const prefetch = usePrefetchMode()
  return <Link ref={ref} prefetch={prefetch} {...props} />
})
