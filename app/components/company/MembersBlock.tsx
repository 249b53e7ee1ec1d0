import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type MemberRole } from '#common/organizations.ts'
import { formatDate } from '#app/lib/format.ts'
import { type JoinRequestView, type MembersView, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'
import { InviteForm } from './InviteForm.tsx'
import { JoinRequests } from './JoinRequests.tsx'

type Member = MembersView['members'][number]
const ROLE_OPTIONS = MEMBER_ROLES.map((value) => ({ value, label: MEMBER_ROLE_LABELS[value] }))

/** Removal asks once more in place: a slip of the finger should not cost a colleague access. */
function RemoveButton({
  label,
  confirmLabel,
  onConfirm,
}: {
  label: string
  confirmLabel: string
  onConfirm: () => void
}) {
  const [asking, setAsking] = useState(false)
  if (!asking)
    return (
      <Button size="xs" variant="subtle" color="red" onClick={() => setAsking(true)}>
        {label}
      </Button>
    )
  return (
    <Group gap={4}>
      <Button size="xs" color="red" onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsking(false)}>
        Отмена
      </Button>
    </Group>
  )
}

function MemberRow({
  member,
  myRole,
  ownerCount,
  organizationId,
  block,
}: {
  member: Member
  myRole: MemberRole
  ownerCount: number
  organizationId: string
  block: ReturnType<typeof useCompanyFetcher>
}) {
  const canChangeRole = myRole === 'owner' && !member.isMe
  // The last owner can neither leave nor be removed; the server says so too, the button just stays away.
  const lastOwner = member.role === 'owner' && ownerCount <= 1
  const canRemove = !lastOwner && (member.isMe || myRole === 'owner' || (myRole === 'admin' && member.role !== 'owner'))
  const target = { organizationId, userId: member.userId }
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Text fw={500}>
            {member.name}
            {member.isMe && ' (вы)'}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email} · с {formatDate(member.joinedAt)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {canChangeRole ? (
            <block.fetcher.Form method="post">
              <input type="hidden" name="intent" value="changeMemberRole" />
              <input type="hidden" name="organizationId" value={organizationId} />
              <input type="hidden" name="userId" value={member.userId} />
              <Group gap={4} wrap="nowrap">
                <NativeSelect
                  name="role"
                  size="xs"
                  aria-label={`Роль: ${member.name}`}
                  data={ROLE_OPTIONS}
                  defaultValue={member.role}
                />
                <Button type="submit" size="xs" variant="default">
                  Сохранить
                </Button>
              </Group>
            </block.fetcher.Form>
          ) : (
            <Badge variant="light" color={member.role === 'owner' ? 'blue' : 'gray'}>
              {MEMBER_ROLE_LABELS[member.role]}
            </Badge>
          )}
          {canRemove && (
            <RemoveButton
              label={member.isMe ? 'Выйти' : 'Удалить'}
              confirmLabel={member.isMe ? 'Выйти из организации' : `Удалить ${member.name}`}
              onConfirm={() => block.fetcher.submit({ intent: 'removeMember', ...target }, { method: 'post' })}
            />
          )}
        </Group>
      </Group>
    </Paper>
  )
}

/** Who works in the organization; owners and administrators invite, remove and answer join requests. */
export function MembersBlock({
  organizationId,
  members,
  joinRequests,
}: {
  organizationId: string
  members: MembersView
  joinRequests: JoinRequestView[]
}) {
  const block = useCompanyFetcher('members')
  const manager = members.myRole !== 'member'
  const ownerCount = members.members.filter((m) => m.role === 'owner').length
  return (
    <Stack gap="md" component="section" aria-labelledby="members-title">
      <Title order={2} size="h3" id="members-title">
        Сотрудники
      </Title>
      <FormMessage success={block.success} failure={block.failure} />
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={block.busy}>
        {members.members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            myRole={members.myRole}
            ownerCount={ownerCount}
            organizationId={organizationId}
            block={block}
          />
        ))}
      </Stack>
      {manager && <JoinRequests organizationId={organizationId} requests={joinRequests} />}
      {manager && <InviteForm organizationId={organizationId} invitations={members.invitations} />}
    </Stack>
  )
}
