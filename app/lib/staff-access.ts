import type { RouterContextProvider } from 'react-router'
import { isAppError } from '#common/errors.ts'
import { type ActionResult, refusalOf } from './action-result.ts'
import { forbidden } from './http-errors.ts'
import { type AppLoadContext, getAppContext } from './load-context.ts'

/**
 * The load context of a staff page: null for a guest (the personal-account layout shows the
 * sign-in panel instead of the page), the 403 page for anyone who is not staff.
 */
export function staffContext(context: Readonly<RouterContextProvider>): AppLoadContext | null {
  const app = getAppContext(context)
  if (!app.ctx.user) return null
  if (!app.ctx.user.isStaff) forbidden()
  return app
}

/** The URL's query as a plain object, for the services' list schemas. */
export function searchOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams)
}

/** A staff action's answer: done with its message, or refused (what `F` adds: the intent, the row). */
export type StaffActionResult<F = unknown> = ActionResult<{ message: string }, F>

/**
 * A staff action's refusal, answered next to its control whatever its kind (a row changed
 * meanwhile is an answer, not an error page); only a 403 is still the error page.
 */
export function staffActionFailure<F = unknown>(error: unknown, extra?: F) {
  if (isAppError(error) && error.kind === 'forbidden') forbidden()
  return refusalOf(error, {}, { alsoAnswer: 'any', with: extra })
}

/** A staff page's answer to a guest: the layout shows the sign-in panel, the form says why. */
export const SIGN_IN_FIRST = { ok: false, message: 'Войдите, чтобы продолжить', fieldErrors: {}, values: {} } as const
