/**
 * The Idempotency-Key a write came with (ARCHITECTURE rule 5), as the services store it beside
 * what the write made: trimmed, at most 200 characters; null when absent or blank.
 */
export function idempotencyKeyOf(raw: string | undefined): string | null {
  return raw?.trim().slice(0, 200) || null
}
