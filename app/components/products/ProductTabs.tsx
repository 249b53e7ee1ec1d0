import { Badge, Button, Group } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatNumber } from '#app/lib/format.ts'
import { PRODUCT_TAB_LABELS, PRODUCT_TABS, type ProductTab } from '#common/products.ts'
import { type ListState, listHref } from './list-url.ts'

/**
 * The three tabs as links with their counts: each tab is an address of its own, so Back returns
 * to the previous one and the page reads without JavaScript. The search goes along to the next tab.
 */
export function ProductTabs({ state, counts }: { state: ListState; counts: Record<ProductTab, number> }) {
  return (
    <Group component="nav" aria-label="Разделы товаров" gap={6} wrap="wrap">
      {PRODUCT_TABS.map((tab) => {
        const active = tab === state.tab
        return (
          <Button
            key={tab}
            component={AppLink}
            to={listHref(state, { tab })}
            variant={active ? 'filled' : 'default'}
            aria-current={active ? 'page' : undefined}
            rightSection={
              <Badge variant={active ? 'white' : 'light'} size="sm" circle={counts[tab] < 10}>
                {formatNumber(counts[tab])}
              </Badge>
            }
          >
            {PRODUCT_TAB_LABELS[tab]}
          </Button>
        )
      })}
    </Group>
  )
}
