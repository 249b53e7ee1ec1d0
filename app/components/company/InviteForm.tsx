import { Badge, Button, Grid, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { MEMBER_ROLE_LABELS } from '#common/organizations.ts'
import { fieldErrors, InvitationInput } from '#common/organizations.schemas.ts'
import { formValues } from '#app/lib/action-result.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import { formatDate } from '#app/lib/format.ts'
import { type MembersView, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'

const ROLE_OPTIONS = (['member', 'admin'] as const).map((value) => ({ value, label: MEMBER_ROLE_LABELS[value] }))

/** Invites a colleague by e-mail and lists the invitations not yet accepted. */
export function InviteForm({
  organizationId,
  invitations,
}: {
  organizationId: string
  invitations: MembersView['invitations']
}) {
  const invite = useCompanyFetcher('invite')
  const revoke = useCompanyFetcher('revoke-invitation')
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const edits = useEditedFields(invite.failure, clientErrors)
  const errors = withoutEdited({ ...invite.errors, ...clientErrors }, edits.edited)
  const revoking = revoke.fetcher.formData?.get('invitationId')

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = InvitationInput.safeParse(formValues(new FormData(event.currentTarget)))
    setClientErrors(parsed.success ? {} : fieldErrors(parsed.error))
    if (!parsed.success) event.preventDefault()
  }

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Пригласить сотрудника
        </Title>
        <Text size="sm" c="dimmed">
          Мы отправим ссылку на почту. Принять приглашение можно в течение 7 дней, войдя с этим адресом.
        </Text>
        {/* A new, empty form after each sent invitation; after a refusal the typed values stay. */}
        <invite.fetcher.Form
          method="post"
          noValidate
          onSubmit={validate}
          onChange={edits.onEdit}
          key={invite.success ?? 'form'}
        >
          <input type="hidden" name="intent" value="invite" />
          <input type="hidden" name="organizationId" value={organizationId} />
          <Grid align="flex-start">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="email"
                type="email"
                label="Электронная почта"
                autoComplete="off"
                required
                defaultValue={invite.values.email}
                error={errors.email}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
              <NativeSelect
                name="role"
                label="Роль"
                data={ROLE_OPTIONS}
                defaultValue={invite.values.role ?? 'member'}
                error={errors.role}
              />
            </Grid.Col>
            {/* Level with the inputs beside it on wide screens (below their labels); full width on phones. */}
            <Grid.Col span={{ base: 12, xs: 6, sm: 3 }} pt={{ base: 'xs', xs: 25 }}>
              <Button type="submit" loading={invite.busy} fullWidth>
                Пригласить
              </Button>
            </Grid.Col>
          </Grid>
        </invite.fetcher.Form>
        <FormMessage success={invite.success} failure={invite.failure} fields={['email', 'role']} />

        {invitations.length > 0 && (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Ожидают ответа
            </Text>
            <FormMessage success={revoke.success} failure={revoke.failure} />
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {invitations.map((invitation) => (
                <Paper key={invitation.id} component="li" withBorder px="sm" py={6}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {invitation.email} · {MEMBER_ROLE_LABELS[invitation.role]}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Отправлено {formatDate(invitation.createdAt)}
                        {invitation.expired ? '' : `, действует до ${formatDate(invitation.expiresAt)}`}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      {invitation.expired && (
                        <Badge color="accent" variant="light">
                          Срок истёк
                        </Badge>
                      )}
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={revoking === invitation.id}
                        onClick={() =>
                          revoke.fetcher.submit(
                            { intent: 'revokeInvitation', organizationId, invitationId: invitation.id },
                            { method: 'post' },
                          )
                        }
                      >
                        Отозвать
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
