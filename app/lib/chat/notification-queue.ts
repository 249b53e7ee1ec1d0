/**
 * Which chat notifications are on screen, oldest first. Spec section 4: at most three are
 * visible and the oldest closes when a fourth arrives. Mantine's own `limit` would queue the
 * fourth instead, so the chat keeps this list and closes the oldest itself.
 */
export class NotificationQueue {
  readonly #ids: string[] = []
  readonly #limit: number

  constructor(limit: number) {
    this.#limit = limit
  }

  /** Adds a notification; returns the ids to close first (the oldest beyond the limit). */
  add(id: string): string[] {
    if (this.#ids.includes(id)) return []
    this.#ids.push(id)
    return this.#ids.length > this.#limit ? this.#ids.splice(0, this.#ids.length - this.#limit) : []
  }

  /** Forgets a notification closed by the user or by the page. */
  remove(id: string) {
    const at = this.#ids.indexOf(id)
    if (at >= 0) this.#ids.splice(at, 1)
  }

  /** Every id on screen, and forgets them all (entering the chat closes them). */
  clear(): string[] {
    return this.#ids.splice(0)
  }

  get visible(): readonly string[] {
    return this.#ids
  }
}
