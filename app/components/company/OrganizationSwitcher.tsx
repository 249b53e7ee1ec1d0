import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { MEMBER_ROLE_LABELS, type WhoamiOrganization } from '#common/organizations.ts'
import { AppLink } from '../AppLink.tsx'
import { COMPANY_PATH, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'

/**
 * Which of the user's organizations they work as (it decides what they buy and sell as), and
 * the way to register another one. A native select with a button: choosing alone changes
 * nothing (arrow keys in a closed select would otherwise switch organizations on every press).
 */
export function OrganizationSwitcher({
  organizations,
  selectedId,
}: {
  organizations: WhoamiOrganization[]
  selectedId: string
}) {
  const { fetcher, failure, busy } = useCompanyFetcher('organization-select')
  const options = organizations.map((o) => ({ value: o.id, label: `${o.name} — ${MEMBER_ROLE_LABELS[o.memberRole]}` }))
  const current = organizations.find((o) => o.id === selectedId)
  const createButton = (
    <Button
      component={AppLink}
      to={`${COMPANY_PATH}?new`}
      variant="light"
      leftSection={<IconPlus size={18} aria-hidden="true" />}
      // The label wraps on a narrow phone instead of being cut off.
      h="auto"
      mih={36}
      py={6}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
    >
      Создать ещё одну организацию
    </Button>
  )
  // With one organization there is nothing to choose: say which it is.
  if (organizations.length < 2) {
    return (
      <Paper withBorder p="md" component="section" aria-label="Выбор организации">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text>
            Вы работаете от имени организации <b>{current?.name}</b>
          </Text>
          {createButton}
        </Group>
      </Paper>
    )
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="Выбор организации">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="select" />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            name="organizationId"
            label="Вы работаете от имени организации"
            data={options}
            defaultValue={selectedId}
            style={{ flex: '1 1 280px' }}
          />
          <Button type="submit" variant="default" loading={busy}>
            Выбрать
          </Button>
          {createButton}
        </Group>
      </fetcher.Form>
      {failure && (
        <div style={{ marginTop: 8 }}>
          <FormMessage failure={failure} />
        </div>
      )}
    </Paper>
  )
}
