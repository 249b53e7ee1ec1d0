/** Which page of reviews a page's URL asks for: `?reviews=2`; anything else is the first. */
export function reviewPageFromUrl(url: string): number {
  const raw = new URL(url, 'http://localhost').searchParams.get('reviews')
  const page = Number(raw)
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

/** The link to a page of reviews, at the reviews (the first page is the plain URL). */
export function reviewPageHref(path: string, page: number): string {
  const [pathname, search = ''] = path.split('?')
  const params = new URLSearchParams(search)
  if (page > 1) params.set('reviews', String(page))
  return `${pathname}${params.size ? `?${params}` : ''}#reviews`
}
