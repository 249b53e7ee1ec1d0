import { Button, Group, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatNumber } from '#app/lib/format.ts'
import { type ListState, listHref, pageCount } from './list-url.ts'

/** A link to a page, or a disabled button where there is no such page. */
function PageLink({
  to,
  children,
  ...sections
}: {
  to: string | null
  children: ReactNode
  leftSection?: ReactNode
  rightSection?: ReactNode
}) {
  if (!to)
    return (
      <Button variant="default" disabled {...sections}>
        {children}
      </Button>
    )
  return (
    <Button component={AppLink} to={to} variant="default" {...sections}>
      {children}
    </Button>
  )
}

/** Pages of a tab as links (each page an address of its own). */
export function ProductsPager({ state, total, pageSize }: { state: ListState; total: number; pageSize: number }) {
  const pages = pageCount(total, pageSize)
  if (pages <= 1) return null
  return (
    <Group component="nav" aria-label="Страницы списка" justify="space-between" gap="sm" wrap="wrap">
      <PageLink
        to={state.page > 1 ? listHref(state, { page: state.page - 1 }) : null}
        leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
      >
        Назад
      </PageLink>
      <Text size="sm">
        Страница {formatNumber(state.page)} из {formatNumber(pages)}
      </Text>
      <PageLink
        to={state.page < pages ? listHref(state, { page: state.page + 1 }) : null}
        rightSection={<IconChevronRight size={16} aria-hidden="true" />}
      >
        Вперёд
      </PageLink>
    </Group>
  )
}
