import { lazy, Suspense, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { setUserParams } from '#app/lib/analytics.ts'
import { openAuthModal, useAuthModal } from '#app/lib/auth-modal.ts'
import { useSessionSync } from '#app/lib/session-sync.ts'
import { MantineScope } from '../MantineScope.tsx'

// Loaded on the first opening only: the modal, its forms, Mantine's Modal and PasswordInput.
const AuthModal = lazy(() => import('./AuthModal.tsx'))

/**
 * Opens the modal for a password-reset link (`?resetToken=…`, sent by e-mail), taking the token
 * out of the address at once so that it stays neither in the history nor in a Referer.
 */
function useResetTokenLink() {
  const [params, setParams] = useSearchParams()
  const token = params.get('resetToken')
  useEffect(() => {
    if (!token) return
    openAuthModal('resetConfirm', token)
    setParams(
      (current) => {
        current.delete('resetToken')
        return current
      },
      { replace: true, preventScrollReset: true },
    )
  }, [token, setParams])
}

/**
 * The client side of signing in, loaded after the page by AuthHost: the session's effects, the
 * reset link, and the authentication modal (from its first opening on, so that it can play its
 * closing animation).
 */
export default function AuthClient({ sendUserParams }: { sendUserParams: typeof setUserParams }) {
  useSessionSync(sendUserParams)
  useResetTokenLink()
  const { opened } = useAuthModal()
  const [used, setUsed] = useState(opened)
  if (opened && !used) setUsed(true)
  if (!used) return null
  return (
    <MantineScope>
      <Suspense fallback={null}>
        <AuthModal />
      </Suspense>
    </MantineScope>
  )
}
