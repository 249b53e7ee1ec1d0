import { isAppError } from '#common/errors.ts'

/**
 * A page's form for a new thing (a product, an offer, a request): its key names the thing being
 * made, so a later save of the same form, with more filled in, continues what the first save made
 * instead of being refused as another request under the key (the REST API's rule: a 422).
 */
export async function createOrContinue<T>(find: () => Promise<T | null>, create: () => Promise<T>): Promise<T> {
  const earlier = await find()
  if (earlier) return earlier
  try {
    return await create()
  } catch (error) {
    // Two saves of the form at once: the other one made it.
    const made = isAppError(error) && error.kind === 'unprocessable' ? await find() : null
    if (made) return made
    throw error
  }
}
