import { Stack, Table, Text, Title } from '@mantine/core'
import { jobKindLabel } from '#common/staff-labels.ts'
import { formatDateTimeNumeric } from '#app/lib/format.ts'

export interface FailedJob {
  id: string
  kind: string
  attempts: number
  lastError: string | null
  updatedAt: Date
}

/**
 * The queue's dead letter: background jobs that failed after their last attempt, with the error,
 * for staff to look into (GET /api/v1/staff/jobs?status=failed has all of them).
 */
export function FailedJobs({ jobs, total }: { jobs: FailedJob[]; total: number }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="failed-jobs">
      <Title order={2} size="h4" id="failed-jobs">
        Фоновые задачи с ошибкой{total ? ` (${total})` : ''}
      </Title>
      {jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          Нет задач, завершившихся ошибкой.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Задача</Table.Th>
                <Table.Th>Попыток</Table.Th>
                <Table.Th>Последняя ошибка</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeNumeric(job.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" title={job.kind}>
                      {jobKindLabel(job.kind)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{job.attempts}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{job.lastError}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
