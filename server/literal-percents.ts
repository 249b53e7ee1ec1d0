/**
 * A path with a `%` that starts no valid escape (`/catalog/%E0%A4%A`, `/100%`) cannot be decoded,
 * and Fastify's router would answer it with its own English 400. Such a `%` is taken literally
 * instead (written `%25`), so the address reaches the routes like any other: the pages answer
 * with the 404 page, the API with its Russian 404. The query string is left alone: it is decoded
 * leniently anyway.
 */
export function literalStrayPercents(url: string): string {
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  if (!path.includes('%') || decodes(path)) return url
  // A run of escapes decodes as a whole (a UTF-8 character is two to four of them) or not at all.
  const fixed = path.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (run) => (decodes(run) ? run : run.replaceAll('%', '%25')))
  return queryAt === -1 ? fixed : fixed + url.slice(queryAt)
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text)
    return true
  } catch {
    return false
  }
}
