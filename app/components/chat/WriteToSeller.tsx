import { IconMessageCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { loadDeferred } from '#app/components/load-deferred.ts'
import { useSessionState } from '#app/lib/session-store.ts'
import type { OpenRoomInput } from '#common/chat.ts'
import { buttonClass, ButtonContent } from '../ui/button.tsx'

/**
 * «Написать продавцу» on a product's and a seller's page. A plain button: these public pages
 * have a first-load budget, so what a click does (the session checks, the API call, the
 * notifications) loads on the first click.
 */
export function WriteToSeller({
  input,
  sellerOrganizationId,
  className,
  label = 'Написать продавцу',
  starter,
}: {
  input: OpenRoomInput
  sellerOrganizationId: string
  className?: string
  /** The button's words: «Запросить цену» in the cart for a product priced on request. */
  label?: string
  /** A first message offered in the room's field (the question the button asks). */
  starter?: string
}) {
  const navigate = useNavigate()
  // The session as the page knows it (the root loader's user until the client store takes over).
  const { user } = useSessionState()
  const [busy, setBusy] = useState(false)
  async function start() {
    if (busy) return
    setBusy(true)
    try {
      const { startChat } = await loadDeferred().then((m) => m.loadChatStart())
      await startChat(user, input, sellerOrganizationId, (to) => void navigate(to), starter)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'outline', left: true, className })}
      onClick={start}
      aria-busy={busy || undefined}
    >
      <ButtonContent left={<IconMessageCircle size={18} aria-hidden="true" />}>{label}</ButtonContent>
    </button>
  )
}
