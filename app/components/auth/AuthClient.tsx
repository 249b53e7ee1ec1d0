import { lazy, Suspense, useEffect, useState } from 'react'
import { useSearchParams, useRouteLoaderData } from 'react-router'
import type { setUserParams } from '#app/lib/analytics.ts'
import { openAuthModal, openEmailLink, useAuthModal } from '#app/lib/auth-modal.ts'
import { useSession } from '#app/lib/session.ts'
import { useSessionSync } from '#app/lib/session-sync.ts'
import type { RootData } from '#app/lib/root-data.ts'

// Loaded on the first opening only: the modal, its forms and Mantine (its provider, CSS, Modal and
// PasswordInput), which a guest who only reads pages never needs.
const AuthModal = lazy(() => import('./AuthModal.tsx'))
// The realtime chat client, for signed-in users of a confirmed organization only.
const ChatClient = lazy(() => import('../chat/ChatClient.tsx'))

/** Links from e-mails: the query parameter that carries the token, and what opening it does. */
const MAIL_LINKS: Record<string, (token: string) => void> = {
  resetToken: (token) => openAuthModal('resetConfirm', { resetToken: token }),
  confirmEmail: (token) => openEmailLink({ action: 'confirm', token }),
  cancelEmailChange: (token) => openEmailLink({ action: 'cancel', token }),
}

/**
 * Opens the modal for a link from an e-mail (password reset, address confirmation or its cancel),
 * taking the token out of the address at once so that it stays neither in the history nor in a
 * Referer.
 */
function useMailLinks() {
  const [params, setParams] = useSearchParams()
  const found = Object.keys(MAIL_LINKS).find((name) => params.get(name))
  const token = found ? params.get(found) : null
  useEffect(() => {
    if (!found || !token) return
    MAIL_LINKS[found]!(token)
    setParams(
      (current) => {
        current.delete(found)
        return current
      },
      { replace: true, preventScrollReset: true },
    )
  }, [found, token, setParams])
}

/**
 * The client side of signing in, loaded after the page by AuthHost: the session's effects, the
 * reset link, and the authentication modal (from its first opening on, so that it can play its
 * closing animation).
 */
export default function AuthClient({ sendUserParams }: { sendUserParams: typeof setUserParams }) {
  useSessionSync(sendUserParams)
  useMailLinks()
  const { opened } = useAuthModal()
  const [used, setUsed] = useState(opened)
  if (opened && !used) setUsed(true)
  return (
    <>
      <Chat />
      {used && (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      )}
    </>
  )
}

/**
 * Spec section 4: the realtime chat connects only while the user is signed in and the selected
 * organization is confirmed, and disconnects otherwise (ChatClient unmounts). Keyed by the user,
 * so a different account never reuses the connection.
 */
function Chat() {
  const { user, isConfirmed } = useSession()
  const root = useRouteLoaderData('root') as RootData | undefined
  const chatWsUrl = root?.publicConfig?.chatWsUrl ?? null
  if (!user || !isConfirmed) return null
  return (
    <Suspense fallback={null}>
      <ChatClient key={user.id} userId={user.id} chatWsUrl={chatWsUrl} />
    </Suspense>
  )
}
