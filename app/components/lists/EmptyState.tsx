import { Paper, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A list with nothing in it says so plainly, with an optional hint. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack gap={4} align="center">
        <Text fw={600}>{title}</Text>
        {children && (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
