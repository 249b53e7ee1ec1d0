import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { formatDateTime } from '#app/lib/format.ts'
import { type JoinRequestView, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'

/** People who found the organization by its INN and asked to join; accept makes them members. */
export function JoinRequests({ organizationId, requests }: { organizationId: string; requests: JoinRequestView[] }) {
  const decide = useCompanyFetcher('join-decision')
  const pendingId = decide.fetcher.formData?.get('requestId')
  const pendingDecision = decide.fetcher.formData?.get('decision')
  if (!requests.length && !decide.success) return null

  const submit = (requestId: string, decision: 'accept' | 'decline') =>
    decide.fetcher.submit({ intent: 'decideJoinRequest', organizationId, requestId, decision }, { method: 'post' })

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Заявки на вступление
        </Title>
        <FormMessage success={decide.success} failure={decide.failure} />
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {requests.map((request) => (
            <Paper key={request.id} component="li" withBorder p="sm">
              <Stack gap={6}>
                <div>
                  <Text fw={500}>{request.name}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {request.email} · {formatDateTime(request.createdAt)}
                  </Text>
                </div>
                {request.message && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {request.message}
                  </Text>
                )}
                <Group gap="xs">
                  <Button
                    size="xs"
                    loading={pendingId === request.id && pendingDecision === 'accept'}
                    onClick={() => submit(request.id, 'accept')}
                    aria-label={`Принять заявку: ${request.name}`}
                  >
                    Принять
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    loading={pendingId === request.id && pendingDecision === 'decline'}
                    onClick={() => submit(request.id, 'decline')}
                    aria-label={`Отклонить заявку: ${request.name}`}
                  >
                    Отклонить
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  )
}
