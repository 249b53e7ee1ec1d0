import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import type { z } from '#common/zod.ts'
import { closeAuthModal } from '#app/lib/auth-modal.ts'
import { formValues } from '#app/lib/action-result.ts'
import { refresh } from '#app/lib/session.ts'
import { describeApiError, type FormErrors, NO_ERRORS, zodFieldErrors } from './auth-errors.ts'

/**
 * One submit of an authentication form: checked with the shared schema in the browser, then sent
 * through the API client. Inputs are uncontrolled, so a refused submit keeps what was typed; the
 * first field with an error gets the focus.
 */
export function useAuthForm(options: {
  schema: z.ZodType
  /** Names of the fields the form shows; server errors for others go above the form. */
  fields: readonly string[]
  submit: (values: Record<string, string>) => Promise<void>
}) {
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS)
  const [pending, setPending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  // Switching modes inside the open modal mounts another form: its first field takes the focus.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [])

  function show(form: HTMLFormElement, next: FormErrors) {
    setErrors(next)
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = event.currentTarget
    const values = formValues(new FormData(form))
    const parsed = options.schema.safeParse(values)
    if (!parsed.success) return show(form, { fields: zodFieldErrors(parsed.error) })
    setErrors(NO_ERRORS)
    setPending(true)
    try {
      await options.submit(values)
    } catch (error) {
      show(form, describeApiError(error, options.fields))
    } finally {
      setPending(false)
    }
  }

  return { errors, pending, onSubmit, formRef }
}

/**
 * After a successful sign-in: the session is read again, the page's loaders run again (a
 * personal-account page then renders itself instead of the sign-in panel, at the same address),
 * and only then does the modal close.
 */
export function useCompleteSignIn() {
  const { revalidate } = useRevalidator()
  return async () => {
    await refresh()
    await revalidate()
    closeAuthModal()
  }
}
