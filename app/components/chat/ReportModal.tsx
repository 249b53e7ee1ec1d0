import { Button, Group, Modal, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import { isApiError } from '#app/lib/api-client.ts'
import { showToast } from '#app/lib/notify.ts'
import { failureMessage } from '#app/lib/upload.ts'
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatMessage } from '#common/chat.ts'
import { chatApi } from './chat-api.ts'
import { quote } from '#common/format.ts'

/** «Пожаловаться»: the reason goes to the platform's moderators with the message. */
export function ReportModal({ message, onClose }: { message: ChatMessage | null; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function close() {
    setReason('')
    setError(null)
    onClose()
  }

  async function submit() {
    if (!message) return
    if (!reason.trim()) return setError(CHAT_MESSAGES.reportReason)
    setBusy(true)
    try {
      await chatApi.reportMessage(message.id, reason)
      showToast(CHAT_MESSAGES.reported, 'success')
      close()
    } catch (failure) {
      setError((isApiError(failure) && failure.fields?.reason) || failureMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={message !== null} onClose={close} title="Пожаловаться на сообщение" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {message?.content && (
          <Text size="sm" c="dimmed" lineClamp={3} mb="sm">
            {quote(message.content)}
          </Text>
        )}
        <Textarea
          label="Причина"
          description="Модераторы платформы проверят сообщение"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          maxLength={CHAT_LIMITS.maxReportReason}
          autosize
          minRows={3}
          required
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Отмена
          </Button>
          <Button type="submit" loading={busy}>
            Отправить жалобу
          </Button>
        </Group>
      </form>
    </Modal>
  )
}
