import { Anchor } from '@mantine/core'
import { openAuthModal } from '#app/lib/auth-modal.ts'
import { roomHref } from '#app/lib/chat/events.ts'
import { showNotification } from '#app/lib/notify.ts'
import { failureMessage } from '#app/lib/upload.ts'
import { CHAT_MESSAGES, type OpenRoomInput } from '#common/chat.ts'
import { deriveSessionFlags, type WhoamiUser } from '#common/organizations.ts'
import { AppLink } from '../AppLink.tsx'
import { chatApi } from './chat-api.ts'
import { seedDraft } from './use-draft.ts'

const COMPANY_PATH = '/personal-account/company'
const NOTICE_ID = 'chat-start'

/**
 * What «Написать продавцу» does, loaded on the first click: a guest is asked to sign in, an
 * unconfirmed organization is told why chat is closed to it, one's own organization cannot be
 * written to; anyone else gets the room with the seller (opened or reused) and goes there.
 */
export async function startChat(
  user: WhoamiUser | null,
  input: OpenRoomInput,
  sellerOrganizationId: string,
  navigate: (to: string) => void,
  /** A first message to offer in the room's field, ready to send or change. */
  starter?: string,
): Promise<void> {
  const { isConfirmed } = deriveSessionFlags(user)
  if (!user) return openAuthModal('signIn', { reason: 'chat' })
  if (!isConfirmed) {
    showNotification({
      id: NOTICE_ID,
      title: 'Чат недоступен',
      message: (
        <>
          {CHAT_MESSAGES.notConfirmed}{' '}
          <Anchor component={AppLink} to={COMPANY_PATH} size="sm">
            Перейти к компании
          </Anchor>
        </>
      ),
      autoClose: false,
    })
    return
  }
  if (user.organizations.some((o) => o.id === sellerOrganizationId)) {
    showNotification({ id: NOTICE_ID, title: 'Чат недоступен', message: CHAT_MESSAGES.selfChat })
    return
  }
  try {
    const room = await chatApi.openRoom(input)
    if (starter) seedDraft(room.guid, starter)
    navigate(roomHref(room.guid))
  } catch (error) {
    showNotification({ id: NOTICE_ID, tone: 'error', title: 'Не удалось открыть чат', message: failureMessage(error) })
  }
}
