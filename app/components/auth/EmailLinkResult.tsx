import { Alert, Button, Loader, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { EMAIL_MESSAGES } from '#common/auth.ts'
import { api } from '#app/lib/api.ts'
import { closeAuthModal, type EmailLink, setAuthMode } from '#app/lib/auth-modal.ts'
import { refresh } from '#app/lib/session.ts'
import { describeApiError } from './auth-errors.ts'

type Kind = 'registered' | 'changed' | 'confirmed' | 'cancelled' | 'reverted'
type Outcome = { ok: true; kind: Kind; email: string } | { ok: false; message: string }

const SUCCESS: Record<Kind, (email: string) => string> = {
  registered: () => EMAIL_MESSAGES.registered,
  changed: EMAIL_MESSAGES.changed,
  confirmed: () => EMAIL_MESSAGES.confirmed,
  cancelled: () => EMAIL_MESSAGES.cancelled,
  reverted: EMAIL_MESSAGES.reverted,
}

/**
 * Opens a link from a confirmation e-mail once, on this click of the user's: the page was loaded
 * without acting on it, so a mail scanner fetching the link changes nothing. The session and the
 * page's data are read again, since the account (or its address) may have just changed.
 */
export function EmailLinkResult({ link }: { link: EmailLink }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const { revalidate } = useRevalidator()

  useEffect(() => {
    let live = true
    const path = link.action === 'confirm' ? '/auth/email/confirm' : '/auth/email/cancel'
    api
      .post<{ data: { kind: Kind; email: string } }>(path, { token: link.token })
      .then(async ({ data }) => {
        await refresh()
        await revalidate()
        if (live) setOutcome({ ok: true, ...data })
      })
      .catch((error: unknown) => {
        if (live) setOutcome({ ok: false, message: describeApiError(error, []).message ?? EMAIL_MESSAGES.linkInvalid })
      })
    return () => {
      live = false
    }
    // One request per link: the token is all that matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link.token, link.action])

  if (!outcome) {
    return (
      <Stack align="center" gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Проверяем ссылку…</Text>
      </Stack>
    )
  }
  if (!outcome.ok) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {outcome.message}
        </Alert>
        <Button variant="default" onClick={() => setAuthMode('signIn')} fullWidth>
          Войти
        </Button>
      </Stack>
    )
  }
  const signInAgain = outcome.kind === 'reverted'
  return (
    <Stack gap="md">
      <Alert color="teal" role="status">
        {SUCCESS[outcome.kind](outcome.email)}
      </Alert>
      <Button onClick={() => (signInAgain ? setAuthMode('signIn') : closeAuthModal())} fullWidth data-autofocus>
        {signInAgain ? 'Войти' : 'Продолжить'}
      </Button>
    </Stack>
  )
}
