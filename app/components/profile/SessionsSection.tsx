import { Badge, Box, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet } from '@tabler/icons-react'
import { formatDateTime, formatLocalDateTime } from '#app/lib/format.ts'
import { describeUserAgent } from '#app/lib/user-agent.ts'
import { ProfileSection, SectionAlert } from './ProfileSection.tsx'
import { useSectionForm } from './use-section-form.ts'

export interface SessionView {
  id: string
  createdAt: string
  lastSeenAt: string
  ip: string
  userAgent: string
  current: boolean
}

const ICONS = { desktop: IconDeviceDesktop, mobile: IconDeviceMobile, tablet: IconDeviceTablet }

/**
 * The server renders Moscow time (it cannot know the reader's zone); once in the browser the
 * reader's own zone is used.
 */
function useDateTimeFormat(): (iso: string) => string {
  return useHydrated() ? formatLocalDateTime : formatDateTime
}

function SessionRow({ session, formatDate }: { session: SessionView; formatDate: (iso: string) => string }) {
  const { fetcher, pending, message } = useSectionForm({ success: 'Сеанс завершён' })
  const device = describeUserAgent(session.userAgent)
  const Icon = ICONS[device.kind]
  return (
    <Box py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <ThemeIcon variant="light" color="navy" size="lg" radius="md" aria-hidden="true">
            <Icon size={20} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{device.label}</Text>
              {session.current && (
                <Badge color="teal" variant="light" tt="none">
                  Текущий сеанс
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              IP-адрес: {session.ip || 'неизвестен'}
            </Text>
            <Text size="sm" c="dimmed">
              Вход: {formatDate(session.createdAt)} · Последняя активность: {formatDate(session.lastSeenAt)}
            </Text>
          </div>
        </Group>
        {!session.current && (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="endSession" />
            <input type="hidden" name="sessionId" value={session.id} />
            <Button
              type="submit"
              size="xs"
              variant="default"
              loading={pending}
              aria-label={`Завершить сеанс: ${device.label}`}
            >
              Завершить
            </Button>
          </fetcher.Form>
        )}
      </Group>
      {message && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {message}
        </Text>
      )}
    </Box>
  )
}

/** «Сеансы»: where the account is signed in; any other session can be ended from here. */
export function SessionsSection({ sessions }: { sessions: SessionView[] }) {
  const endOthers = useSectionForm({ success: 'Все сеансы, кроме текущего, завершены' })
  const formatDate = useDateTimeFormat()
  const hasOthers = sessions.some((s) => !s.current)
  return (
    <ProfileSection id="profile-sessions" title="Сеансы" lead="Устройства, на которых выполнен вход в ваш аккаунт.">
      <SectionAlert message={endOthers.message} />
      <Stack gap={0}>
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} formatDate={formatDate} />
        ))}
      </Stack>
      <endOthers.fetcher.Form method="post">
        <input type="hidden" name="intent" value="endOtherSessions" />
        <Button type="submit" variant="light" color="red" mt="md" disabled={!hasOthers} loading={endOthers.pending}>
          Завершить все, кроме текущего
        </Button>
      </endOthers.fetcher.Form>
    </ProfileSection>
  )
}
