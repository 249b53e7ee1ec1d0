import { Button, Group, Stack, Text } from '@mantine/core'
import { IconArchive, IconArrowBackUp, IconCalendarOff, IconCalendarTime, IconSend } from '@tabler/icons-react'
import { useState } from 'react'
import type { StaffArticle } from '#common/media/articles.ts'
import { ScheduleModal } from './ScheduleModal.tsx'

type Move = StaffArticle['allowedActions'][number]

const MOVES: Record<Move, { label: string; Icon: typeof IconSend; variant: 'filled' | 'default' }> = {
  publish: { label: 'Опубликовать', Icon: IconSend, variant: 'filled' },
  schedule: { label: 'Запланировать', Icon: IconCalendarTime, variant: 'default' },
  unschedule: { label: 'Снять с расписания', Icon: IconCalendarOff, variant: 'default' },
  archive: { label: 'В архив', Icon: IconArchive, variant: 'default' },
  restore: { label: 'Вернуть в черновики', Icon: IconArrowBackUp, variant: 'default' },
}

/**
 * The article's moves that are open now (the server's `allowedActions`), each a button; with
 * unsaved changes a move saves them first, so what goes out is what is on the screen.
 */
export function ArticleMoves({
  allowed,
  pending,
  busy,
  dirty,
  onMove,
}: {
  allowed: Move[]
  /** The move on its way, for its spinner. */
  pending: string | null
  busy: boolean
  dirty: boolean
  onMove: (move: Move, at?: Date) => void
}) {
  const [scheduling, setScheduling] = useState(false)
  if (allowed.length === 0) return null
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {allowed.map((move) => {
          const { label, Icon, variant } = MOVES[move]
          return (
            <Button
              key={move}
              variant={variant}
              color={move === 'archive' ? 'red' : undefined}
              leftSection={<Icon size={16} aria-hidden="true" />}
              loading={pending === move}
              disabled={busy}
              onClick={() => (move === 'schedule' ? setScheduling(true) : onMove(move))}
            >
              {label}
            </Button>
          )
        })}
      </Group>
      {dirty && (
        <Text size="xs" c="dimmed">
          Несохранённые изменения сохранятся вместе с действием.
        </Text>
      )}
      {scheduling && (
        <ScheduleModal
          opened
          busy={pending === 'schedule'}
          onClose={() => setScheduling(false)}
          onSchedule={(at) => {
            setScheduling(false)
            onMove('schedule', at)
          }}
        />
      )}
    </Stack>
  )
}
