import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { Detail } from '#app/components/company/block-parts.tsx'
import { EXCHANGE_1C_PATH } from '#app/components/company/Exchange1cBlock.tsx'
import { countsText } from '#app/components/exchange-1c/SessionsTable.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDateTime, formatNumber } from '#app/lib/format.ts'
import { formatFileSize } from '#common/files.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/session'

export const meta: Route.MetaFunction = pageMeta(() => [{ title: 'Сеанс обмена с 1С — личный кабинет — БАС Маркет' }])

/**
 * One session of the exchange with 1С: its files, counts and the texts of its errors, as 1С's
 * user and the vendor need them to fix the catalogue. The organization's own; staff see any.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return null
  const session = await loadOrFail(request, () => services.exchange1c.logEntry(ctx, params.id))
  return { session, staff: ctx.user.isStaff }
}

export default function Exchange1cSession({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  const { session, staff } = loaderData
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor
          component={AppLink}
          to={staff ? '/personal-account/staff/exchange-1c' : `${EXCHANGE_1C_PATH}#log`}
          size="sm"
        >
          ← Журнал обмена
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {session.type === 'sale' ? 'Обмен заказами' : 'Выгрузка каталога'} {formatDateTime(session.startedAt)}
          </Title>
          <StatusBadge lifecycle="exchange1cSession" status={session.status} size="lg" />
        </Group>
      </Stack>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" m={0}>
          <Detail label="Начат">{formatDateTime(session.startedAt)}</Detail>
          <Detail label="Закончен">{session.finishedAt ? formatDateTime(session.finishedAt) : 'идёт'}</Detail>
          <Detail label="Итог">{countsText(session)}</Detail>
        </SimpleGrid>
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="files-title">
        <Title order={2} size="h4" id="files-title">
          Файлы
        </Title>
        {session.files.length ? (
          <Stack component="ul" gap={4} m={0} pl="md">
            {session.files.map((file) => (
              <Text component="li" key={file.name} size="sm">
                {file.name} — {formatFileSize(file.bytes)}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            1С не передавала файлов в этом сеансе.
          </Text>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="errors-title">
        <Title order={2} size="h4" id="errors-title">
          Ошибки{session.counts.errors ? ` (${formatNumber(session.counts.errors)})` : ''}
        </Title>
        {session.errors.length ? (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" withTableBorder aria-label="Ошибки сеанса обмена">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Файл</Table.Th>
                  <Table.Th ta="right">Строка</Table.Th>
                  <Table.Th>Что не так</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {session.errors.map((e, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{e.file}</Table.Td>
                    <Table.Td ta="right">{e.line ? formatNumber(e.line) : '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            Ошибок нет.
          </Text>
        )}
        {session.counts.errors > session.errors.length && (
          <Text size="sm" c="dimmed">
            Показаны первые {formatNumber(session.errors.length)} из {formatNumber(session.counts.errors)}.
          </Text>
        )}
      </Stack>
    </Stack>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
