import { Button, Group } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'

/** The status filter of a list (staff queues, orders, the exchange cabinet): one link per status, the current one marked. */
export function StatusFilter<V extends string>({
  filters,
  current,
  hrefOf,
}: {
  filters: readonly { value: V; label: string }[]
  current: V
  hrefOf: (value: V) => string
}) {
  return (
    <Group gap={6} role="group" aria-label="Фильтр по статусу">
      {filters.map((f) => (
        <Button
          key={f.value}
          component={AppLink}
          to={hrefOf(f.value)}
          size="compact-sm"
          variant={current === f.value ? 'light' : 'subtle'}
          aria-current={current === f.value ? 'true' : undefined}
        >
          {f.label}
        </Button>
      ))}
    </Group>
  )
}
