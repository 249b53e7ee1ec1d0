import { EmailChangeInput, PasswordChangeInput, ProfileUpdateInput } from '#common/auth.ts'
import { z } from '#common/zod.ts'
import type { ActionResult } from '#app/lib/action-result.ts'

/** The forms of the profile page; each is posted with its `intent`. */
export const PROFILE_INTENTS = [
  'profile',
  'email',
  'cancelEmailChange',
  'confirmEmail',
  'password',
  'endSession',
  'endOtherSessions',
] as const
export type ProfileIntent = (typeof PROFILE_INTENTS)[number]

export const PASSWORDS_DIFFER = 'Пароли не совпадают'

/** The password form has the new password twice; the action checks it with this same schema. */
export const PasswordForm = PasswordChangeInput.extend({ newPasswordRepeat: z.string() }).refine(
  (v) => v.newPassword === v.newPasswordRepeat,
  { path: ['newPasswordRepeat'], message: PASSWORDS_DIFFER },
)

export const SCHEMAS = {
  profile: ProfileUpdateInput,
  email: EmailChangeInput,
  password: PasswordForm,
} as const

/** Fields whose values never travel back to the page. */
export const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'newPasswordRepeat']

/** The action's answer: done, refused (input kept), or the session is gone (sign in again). */
export type ProfileActionResult = ActionResult<{ intent: ProfileIntent }> | ProfileSignedOut

export interface ProfileSignedOut {
  ok: false
  signedOut: true
  message: string
  fieldErrors: Record<string, string>
  values: Record<string, string>
}
