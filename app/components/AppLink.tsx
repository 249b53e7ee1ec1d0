import { forwardRef } from 'react'
import { Link, type LinkProps } from 'react-router'
import { usePrefetchMode } from '#app/lib/prefetch.ts'
import { plainHref } from './plain-href.ts'

/** A router link that prefetches on intent, except on save-data or 2g connections. */
const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink(props, ref) {
  const prefetch = usePrefetchMode()
  return <Link ref={ref} prefetch={prefetch} {...props} />
})

/**
 * The same link as the server renders it: the anchor `<Link>` would render, without the router's
 * work for it. A page holds a hundred links, and `<Link>` resolves each against the route matches
 * and sets up its click and prefetch handlers, none of which the HTML carries (about a tenth of a
 * render's CPU, bench/README.md). An absolute path needs no resolving: it is its own href. Any
 * other target (relative, an object, an outside address, a mask) goes through `<Link>` as before;
 * in the browser every link is `<Link>`, which hydrates this markup unchanged.
 */
const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink(props, ref) {
  const {
    to,
    discover = 'render',
    target,
    prefetch: _prefetch,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    onClick: _onClick,
    ...rest
  } = props
  const href = plainHref(to)
  if (href === null || props.mask) return <RouterLink ref={ref} {...props} />
  return <a {...rest} href={href} target={target} data-discover={discover === 'render' ? 'true' : undefined} />
})

export const AppLink = typeof document === 'undefined' ? ServerLink : RouterLink
