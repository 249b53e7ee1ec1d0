import { isApiError } from '#app/lib/api-client.ts'
import { createStore, useStore } from '#app/lib/store.ts'
import type { ChatFile, ChatMessage } from '#common/chat.ts'
import { MESSAGES } from '#common/messages.ts'
import { chatApi, newClientId } from './chat-api.ts'

/** A message on its way: shown at once, replaced by the server's when it answers. */
export interface Pending {
  /** Generated once and sent again with every retry: the server stores the message once. */
  clientId: string
  content: string
  files: ChatFile[]
  status: 'sending' | 'failed'
  error: string | null
}

function sendFailure(error: unknown): string {
  if (isApiError(error) && error.status === 0) return 'Нет связи с сервером. Сообщение не отправлено'
  if (error instanceof Error && error.message && error.message !== MESSAGES.networkErrorDefault) return error.message
  return 'Не удалось отправить сообщение'
}

/**
 * The messages on their way or unsent, by room, for the tab's lifetime: they stay when another
 * room is opened (each room's view is its own component) and are there again on coming back.
 */
const pendingByRoom = createStore<Readonly<Record<string, readonly Pending[]>>>({})
const NONE: readonly Pending[] = []

/** Sending with an optimistic message and retries that reuse the message's clientId. */
export function usePending(guid: string, onSaved: (message: ChatMessage) => void) {
  const items = useStore(pendingByRoom)[guid] ?? NONE
  // Always this room's list, whichever room is open when a request answers.
  const setItems = (change: (list: readonly Pending[]) => readonly Pending[]) =>
    pendingByRoom.update((all) => ({ ...all, [guid]: change(all[guid] ?? NONE) }))

  async function send(input: { content: string; files: ChatFile[]; clientId?: string }) {
    const item: Pending = {
      clientId: input.clientId ?? newClientId(),
      content: input.content,
      files: input.files,
      status: 'sending',
      error: null,
    }
    setItems((list) => [...list.filter((p) => p.clientId !== item.clientId), item])
    try {
      const saved = await chatApi.sendMessage(guid, {
        clientId: item.clientId,
        content: item.content,
        fileIds: item.files.map((f) => f.id),
      })
      onSaved(saved)
      setItems((list) => list.filter((p) => p.clientId !== item.clientId))
    } catch (error) {
      setItems((list) =>
        list.map((p) => (p.clientId === item.clientId ? { ...p, status: 'failed', error: sendFailure(error) } : p)),
      )
    }
  }

  return {
    items,
    send,
    drop: (clientId: string) => setItems((list) => list.filter((p) => p.clientId !== clientId)),
  }
}
