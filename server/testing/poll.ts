const LOOK_EVERY_MS = 20

/**
 * Waits until `check` holds, looking every 20 ms: at most `ms / 20` looks. The looks are counted,
 * not timed, so a busy machine gets as many chances as an idle one. A check that throws (a server
 * not listening yet) has not held yet.
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000, what = 'condition'): Promise<void> {
  const looks = Math.max(1, Math.ceil(ms / LOOK_EVERY_MS))
  let lastError: unknown
  for (let look = 0; look < looks; look++) {
    try {
      if (await check()) return
    } catch (error) {
      lastError = error
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS))
  }
  throw new Error(`${what} not reached in ${looks} looks`, { cause: lastError })
}
