import { Text, Timeline } from '@mantine/core'
import { VERIFICATION_LABELS } from '#common/organizations.ts'
import { formatDateTime } from '#app/lib/format.ts'
import type { RoleView } from './company-ui.ts'

/** Who moved the request where and when, newest first, with the moderator's comments. */
export function RoleHistory({ history }: { history: RoleView['history'] }) {
  if (!history.length) return null
  const newestFirst = [...history].reverse()
  return (
    <div>
      <Text fw={600} size="sm" component="h4" m={0}>
        История заявки
      </Text>
      <Timeline bulletSize={12} lineWidth={2} active={0} mt="xs">
        {newestFirst.map((entry) => (
          <Timeline.Item
            key={`${entry.toStatus}-${String(entry.createdAt)}`}
            title={<Text size="sm">{VERIFICATION_LABELS[entry.toStatus]}</Text>}
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.createdAt)} · {entry.by.name}
            </Text>
            {entry.comment && (
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {entry.comment}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </div>
  )
}
