import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { z } from '#common/zod.ts'
import { openAuthModal } from '#app/lib/auth-modal.ts'
import { formValues } from '#app/lib/action-result.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import { showToast } from '#app/lib/notify.ts'
import { clearUser } from '#app/lib/session.ts'
import { zodFieldErrors } from '../auth/auth-errors.ts'
import type { ProfileActionResult } from './profile-forms.ts'

/**
 * One section of the profile page: its own fetcher, so that its errors, pending state and typed
 * values stay its own. Checked with the shared schema before posting; a success shows a toast; a
 * session that ended meanwhile clears the user and opens the sign-in modal (spec section 4).
 */
export function useSectionForm(options: { schema?: z.ZodType; success: string; resetOnSuccess?: boolean }) {
  const fetcher = useFetcher<ProfileActionResult>()
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const result = fetcher.data
  const failure = result && !result.ok ? result : undefined
  const idle = fetcher.state === 'idle'
  const { success, resetOnSuccess } = options

  useEffect(() => {
    if (!idle || !result) return
    if (result.ok) {
      showToast(success, 'success')
      if (resetOnSuccess) formRef.current?.reset()
    } else if ('signedOut' in result) {
      clearUser()
      openAuthModal('signIn')
    }
  }, [idle, result, success, resetOnSuccess])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!options.schema) return
    const form = event.currentTarget
    const parsed = options.schema.safeParse(formValues(new FormData(form)))
    if (parsed.success) return setClientErrors({})
    event.preventDefault()
    setClientErrors(zodFieldErrors(parsed.error))
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  // A field changed since the answer is no longer red: the next submission checks it again.
  const { edited, onEdit } = useEditedFields(failure, clientErrors)
  const fieldErrors = withoutEdited({ ...(failure?.fieldErrors ?? {}), ...clientErrors }, edited)
  return {
    fetcher,
    formRef,
    onSubmit,
    /** The form's onChange. */
    onEdit,
    pending: !idle,
    fieldErrors,
    /** A refusal that belongs to no field (too many attempts, say). */
    message: failure && !('signedOut' in failure) && !Object.keys(failure.fieldErrors).length ? failure.message : '',
    values: failure?.values ?? {},
  }
}
