import { Group, Paper, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'

const wrap = { overflowWrap: 'anywhere' } as const

export interface Column<T> {
  label: string
  cell: (item: T) => ReactNode
  align?: 'right'
}

/**
 * One list in both layouts: a table from tablets up, a card per row on a phone (`title` and
 * `badge` head each card, `lines` follow), the same links and words in both.
 */
export function ResponsiveRows<T>({
  items,
  keyOf,
  columns,
  title,
  badge,
  lines,
  caption,
}: {
  items: T[]
  keyOf: (item: T) => string
  columns: Column<T>[]
  title: (item: T) => ReactNode
  badge: (item: T) => ReactNode
  lines: (item: T) => ReactNode[]
  caption: string
}) {
  return (
    <>
      <Table visibleFrom="sm" verticalSpacing="sm" highlightOnHover withTableBorder aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.align}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={keyOf(item)}>
              {columns.map((c) => (
                <Table.Td key={c.label} ta={c.align}>
                  {c.cell(item)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Stack component="ul" hiddenFrom="sm" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={caption}>
        {items.map((item) => (
          <Paper component="li" key={keyOf(item)} withBorder p="sm">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="start">
                <div style={wrap}>{title(item)}</div>
                {badge(item)}
              </Group>
              {lines(item).map((line, i) => (
                <Text key={i} size="sm" style={wrap}>
                  {line}
                </Text>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  )
}
