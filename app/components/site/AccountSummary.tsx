import { Badge, Group, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react'
import { ROLE_LABELS, VERIFICATION_LABELS, type WhoamiRole, type WhoamiUser } from '#common/organizations.ts'

/** «Покупатель» / «Поставщик», green with a tick once confirmed, otherwise with its review status. */
export function RoleBadge({ role }: { role: WhoamiRole }) {
  const Icon = role.confirmed ? IconCircleCheck : IconClockHour4
  return (
    <Badge
      size="sm"
      variant="light"
      tt="none"
      color={role.confirmed ? 'teal' : 'accent'}
      leftSection={<Icon size={12} aria-hidden="true" />}
    >
      {ROLE_LABELS[role.type]}
      {role.confirmed ? '' : ` · ${VERIFICATION_LABELS[role.status].toLowerCase()}`}
    </Badge>
  )
}

/** Who is signed in and on behalf of which organization. */
export function AccountSummary({ user }: { user: WhoamiUser }) {
  const selected = user.organizations.find((o) => o.isSelected)
  return (
    <Stack gap={6}>
      <div>
        <Text fw={700} size="sm" lineClamp={1}>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {user.email}
        </Text>
      </div>
      {selected ? (
        <div>
          <Text size="sm" lineClamp={2}>
            {selected.name}
          </Text>
          {selected.roles.length > 0 && (
            <Group gap={4} mt={4}>
              {selected.roles.map((role) => (
                <RoleBadge key={role.type} role={role} />
              ))}
            </Group>
          )}
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          Организация не выбрана
        </Text>
      )}
    </Stack>
  )
}
