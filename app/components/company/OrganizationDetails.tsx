import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { isSoleTrader, LEGAL_FORM_LABELS, MEMBER_ROLE_LABELS } from '#common/organizations.ts'
import { type OrganizationView, useCompanyFetcher } from './company-ui.ts'
import { Detail, useEditing } from './block-parts.tsx'
import { FormMessage } from './FormMessage.tsx'
import { OrganizationEditForm } from './OrganizationEditForm.tsx'

function phoneForPeople(phone: string): string {
  const d = phone.replace(/\D/g, '').slice(1)
  return d.length === 10 ? `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}` : phone
}

/** The organization's details; owners and administrators edit them in place. */
export function OrganizationDetails({ organization: org }: { organization: OrganizationView }) {
  const edit = useCompanyFetcher('organization-update')
  const { editing, open, close } = useEditing(edit)
  const canEdit = org.memberRole !== 'member'

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="organization-title">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h3" id="organization-title">
            {org.shortName}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{LEGAL_FORM_LABELS[org.legalForm]}</Badge>
            <Badge variant="outline" color="gray">
              Вы: {MEMBER_ROLE_LABELS[org.memberRole].toLowerCase()}
            </Badge>
          </Group>
        </Stack>
        {canEdit && !editing && (
          <Button variant="default" leftSection={<IconPencil size={18} aria-hidden="true" />} onClick={open}>
            Изменить реквизиты
          </Button>
        )}
      </Group>
      {editing ? (
        <OrganizationEditForm organization={org} fetcher={edit} onCancel={close} />
      ) : (
        <Stack gap="md">
          <FormMessage success={edit.success} />
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
            <Detail label="Полное наименование">{org.fullName}</Detail>
            <Detail label="ИНН">{org.inn}</Detail>
            {!isSoleTrader(org.legalForm) && <Detail label="КПП">{org.kpp ?? '—'}</Detail>}
            <Detail label={isSoleTrader(org.legalForm) ? 'ОГРНИП' : 'ОГРН'}>{org.ogrn}</Detail>
            <Detail label="Юридический адрес">{org.legalAddress}</Detail>
            <Detail label="Электронная почта">
              <Anchor href={`mailto:${org.contactEmail}`}>{org.contactEmail}</Anchor>
            </Detail>
            <Detail label="Телефон">
              <Anchor href={`tel:${org.contactPhone}`}>{phoneForPeople(org.contactPhone)}</Anchor>
            </Detail>
            <Detail label="Сайт">
              {org.website ? (
                <Anchor href={org.website} target="_blank" rel="noopener noreferrer nofollow">
                  {org.website.replace(/^https?:\/\//, '')}
                </Anchor>
              ) : (
                '—'
              )}
            </Detail>
            <Detail label="Регион">{org.region ?? '—'}</Detail>
          </SimpleGrid>
          <div>
            <Text size="sm" c="dimmed">
              Описание компании
            </Text>
            {org.description ? (
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{org.description}</Text>
            ) : (
              <Text c="dimmed">Не заполнено — покупатели увидят его на странице продавца</Text>
            )}
          </div>
        </Stack>
      )}
    </Paper>
  )
}
