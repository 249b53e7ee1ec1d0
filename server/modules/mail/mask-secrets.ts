/**
 * What staff may read of an e-mail: everything but the secrets it carries. A link's secret can sit
 * in any query value, in the fragment or in a path segment, under any parameter name, so every
 * query value and fragment of every link is masked, and so is any word that looks like a random
 * token (long, letters mixed with digits) wherever it stands.
 */
const MASK = '••••••'
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'«»]+|(?<![\w/])\/[^\s<>"'«»]*[?#][^\s<>"'«»]*/gi
/** 16+ characters of the base64url or hex alphabet with at least one digit and one letter. */
const TOKEN_LIKE = /(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{16,}(?![\w-])/g

export function maskSecrets(text: string): string {
  return text.replace(LINK, maskLink).replace(TOKEN_LIKE, MASK)
}

function maskLink(link: string): string {
  const hashAt = link.indexOf('#')
  const withoutFragment = hashAt === -1 ? link : link.slice(0, hashAt)
  const queryAt = withoutFragment.indexOf('?')
  const base = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt)
  const query = queryAt === -1 ? '' : `?${maskQuery(withoutFragment.slice(queryAt + 1))}`
  const fragment = hashAt === -1 ? '' : `#${MASK}`
  return `${base.replace(TOKEN_LIKE, MASK)}${query}${fragment}`
}

/** Parameter names stay (they tell staff what kind of link it was); every value goes. */
function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq === -1) return pair ? MASK : pair
      return `${pair.slice(0, eq)}=${MASK}`
    })
    .join('&')
}
