import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import type { StaffArticle } from '#common/media/articles.ts'

/** How many rows show before «Показать всю историю»: the panel stays short above the form on a phone. */
const FIRST_ROWS = 5

/** Every save and move of the article, newest first: who, when and what (in the server's words). */
export function ArticleHistory({ history }: { history: StaffArticle['history'] }) {
  const [all, setAll] = useState(false)
  const shown = all ? history : history.slice(0, FIRST_ROWS)
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
            {shown.map((row, index) => (
              <li key={`${row.at}-${index}`}>
                <Text size="sm" fw={600}>
                  {row.action}
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
        {!all && history.length > FIRST_ROWS && (
          <Button variant="subtle" size="compact-sm" onClick={() => setAll(true)} style={{ alignSelf: 'start' }}>
            Показать всю историю ({history.length})
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
