import type { RouterContextProvider } from 'react-router'
import { isAppError } from '#common/errors.ts'
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

export type StaffActionResult = { ok: true; message: string } | { ok: false; message: string }

/** A staff action's refusal as a message next to the control; 403 still becomes the error page. */
export function staffActionFailure(error: unknown): StaffActionResult {
  if (!isAppError(error)) throw error
  if (error.kind === 'forbidden') forbidden()
  const field = error.fields && Object.values(error.fields)[0]
  return { ok: false, message: field ?? error.message }
}
