import type { To } from 'react-router'

/**
 * `to` as the href React Router's `<Link>` gives it when that needs no resolving: an absolute path
 * of this site (`/catalog/x?page=2#offers`) with no `.` or `..` segments, no doubled slashes and no
 * empty query or fragment, which the router would normalise. Null for anything else.
 */
export function plainHref(to: To): string | null {
  if (typeof to !== 'string' || to[0] !== '/' || to.includes('\\')) return null
  const end = to.search(/[?#]/)
  const path = end === -1 ? to : to.slice(0, end)
  if (path.includes('//') || /\/\.\.?(\/|$)/.test(path)) return null
  if (to.endsWith('?') || to.endsWith('#') || to.includes('?#')) return null
  return to
}
