import { Group, Pagination, Text } from '@mantine/core'
import { useLocation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatNumber } from '#app/lib/format.ts'

/** A list's pages (staff queues, orders, the exchange cabinet): «Показаны 51–100 из 230» and page links that keep the other filters of the address. */
export function ListPager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const location = useLocation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const hrefOf = (n: number) => {
    const params = new URLSearchParams(location.search)
    if (n === 1) params.delete('page')
    else params.set('page', String(n))
    const qs = params.toString()
    return qs ? `?${qs}` : location.pathname
  }
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {total === 0 ? 'Записей нет' : `Показаны ${formatNumber(from)}–${formatNumber(to)} из ${formatNumber(total)}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          size="sm"
          getItemProps={(n) => ({ component: AppLink, to: hrefOf(n), 'aria-label': `Страница ${n}` })}
          getControlProps={(control) => {
            const target = { first: 1, previous: page - 1, next: page + 1, last: pages }[control]
            const label = {
              first: 'Первая страница',
              previous: 'Предыдущая страница',
              next: 'Следующая страница',
              last: 'Последняя страница',
            }[control]
            if (target < 1 || target > pages) return { 'aria-label': label }
            return { component: AppLink, to: hrefOf(target), 'aria-label': label }
          }}
        />
      )}
    </Group>
  )
}
