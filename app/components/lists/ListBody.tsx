import { Box, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatCount, type PluralForms } from '#app/lib/format.ts'

/**
 * A filtered list's rows under its filters: dimmed while the next page loads, «Всего: …» or
 * «Найдено: …» above them, or the list's empty state when there are none.
 */
export function ListBody({
  pending,
  count,
  total,
  filtered,
  forms,
  empty,
  children,
}: {
  pending: boolean
  /** The rows on this page. */
  count: number
  total: number
  /** A filter or a search narrows the list. */
  filtered: boolean
  forms: PluralForms
  empty: ReactNode
  children: ReactNode
}) {
  return (
    <Box aria-busy={pending} style={{ opacity: pending ? 0.6 : 1 }}>
      {count === 0 ? (
        empty
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {filtered ? 'Найдено: ' : 'Всего: '}
            {formatCount(total, forms)}
          </Text>
          {children}
        </Stack>
      )}
    </Box>
  )
}
