import { Paper, Stack, Text, Title } from '@mantine/core'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import type { StaffArticle } from '#common/media/articles.ts'

/** The history's actions in words; one the page does not know yet shows as the server wrote it. */
const ACTIONS: Record<string, string> = {
  create: 'Создана',
  created: 'Создана',
  update: 'Изменена',
  updated: 'Изменена',
  save: 'Изменена',
  publish: 'Опубликована',
  published: 'Опубликована',
  schedule: 'Запланирована',
  scheduled: 'Запланирована',
  unschedule: 'Снята с расписания',
  archive: 'Перенесена в архив',
  archived: 'Перенесена в архив',
  restore: 'Возвращена в черновики',
}

/** Every save and move of the article, newest first: who, when and what. */
export function ArticleHistory({ history }: { history: StaffArticle['history'] }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="history-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="history-title">
          История изменений
        </Title>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            Статья ещё не сохранялась.
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="История изменений">
            {history.map((row, index) => (
              <li key={`${row.at}-${index}`}>
                <Text size="sm" fw={600}>
                  {ACTIONS[row.action] ?? row.action}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={row.at}>{formatDateTimeNumeric(row.at)}</time> · {row.by}
                </Text>
                {row.note && (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {row.note}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
