import { Tabs } from '@mantine/core'
import type { ReactNode } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'

/**
 * A list page's tabs as links (each tab is an address: orders, the exchange cabinet, requests for
 * offers), the current one's panel holding `children`.
 */
export function LinkTabs<T extends string>({
  label,
  current,
  tabs,
  children,
}: {
  label: string
  current: T
  tabs: readonly { value: T; label: string; href: string }[]
  children: ReactNode
}) {
  return (
    <Tabs value={current} keepMounted={false}>
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} renderRoot={(props) => <AppLink {...props} to={tab.href} />}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={current}>{children}</Tabs.Panel>
    </Tabs>
  )
}
