declare const sanitized: unique symbol

/**
 * HTML a page may insert as it is: stored text that went through the server's allowlist
 * (`server/text/sanitize.ts`) when it was saved, or the repository's own static content. A plain
 * string is not one; `<StoredHtml>` (app/components/StoredHtml.tsx) takes only this type. Made on
 * the server by `storedHtml` (a column only the sanitizer writes, read back) and the sanitizers
 * themselves, in the client only by `ourHtml` for `content/`.
 */
export type SanitizedHtml = string & { readonly [sanitized]: true }
