import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { ROLE_LABELS, ROLE_TYPES, type RoleType } from '#common/organizations.ts'
import { StatusBadge } from '../StatusBadge.tsx'
import { type RoleView, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'
import { RoleDocuments } from './RoleDocuments.tsx'
import { RoleHistory } from './RoleHistory.tsx'

const ROLE_PURPOSE: Record<RoleType, string> = {
  buyer: 'Заказывать технику и услуги от имени организации.',
  vendor: 'Размещать товары и услуги в каталоге и принимать заказы.',
}

function RoleCard({
  organizationId,
  type,
  role,
  canManage,
}: {
  organizationId: string
  type: RoleType
  role?: RoleView
  canManage: boolean
}) {
  const card = useCompanyFetcher(`role-${type}`)
  const editable = canManage && (role?.status === 'new' || role?.status === 'needFixes')
  const intent = card.fetcher.formData?.get('intent')
  const headingId = `role-${type}-title`

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {ROLE_LABELS[type]}
          </Title>
          {role ? (
            <StatusBadge lifecycle="verification" status={role.status} />
          ) : (
            <Badge color="gray" variant="outline">
              Не запрошена
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {ROLE_PURPOSE[type]}
        </Text>
        <FormMessage success={card.success} failure={card.failure} />
        {role?.staffComment && (
          <Alert color={role.status === 'needFixes' ? 'orange' : 'gray'} title="Комментарий модератора">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {role.staffComment}
            </Text>
          </Alert>
        )}
        {!role && canManage && (
          <div>
            <Button
              variant="light"
              loading={intent === 'requestRole'}
              onClick={() => card.fetcher.submit({ intent: 'requestRole', organizationId, type }, { method: 'post' })}
            >
              Запросить роль
            </Button>
          </div>
        )}
        {!role && !canManage && <Text size="sm">Запросить роль может владелец или администратор организации.</Text>}
        {role && <RoleDocuments organizationId={organizationId} role={role} editable={editable} fetcher={card} />}
        {role && editable && (
          <Stack gap={4} align="flex-start">
            <Button
              leftSection={<IconSend size={18} aria-hidden="true" />}
              disabled={role.documents.length === 0}
              loading={intent === 'submitRole'}
              onClick={() => card.fetcher.submit({ intent: 'submitRole', organizationId, type }, { method: 'post' })}
            >
              Отправить на проверку
            </Button>
            {role.documents.length === 0 && (
              <Text size="xs" c="dimmed">
                Сначала приложите хотя бы один документ
              </Text>
            )}
          </Stack>
        )}
        {role?.status === 'moderation' && (
          <Text size="sm">Заявка на проверке. Мы напишем владельцам организации, когда проверим её.</Text>
        )}
        {role && <RoleHistory history={role.history} />}
      </Stack>
    </Paper>
  )
}

/** Buyer and vendor roles: each is requested, documented and checked by platform staff. */
export function RolesBlock({
  organizationId,
  roles,
  canManage,
}: {
  organizationId: string
  roles: RoleView[]
  canManage: boolean
}) {
  return (
    <Stack gap="md" component="section" aria-labelledby="roles-title">
      <div>
        <Title order={2} size="h3" id="roles-title">
          Роли на платформе
        </Title>
        <Text size="sm" c="dimmed">
          Роль подтверждают сотрудники платформы по приложенным документам.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        {ROLE_TYPES.map((type) => (
          <RoleCard
            key={type}
            organizationId={organizationId}
            type={type}
            role={roles.find((r) => r.type === type)}
            canManage={canManage}
          />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
