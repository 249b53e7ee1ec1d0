import { Text } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import type { useCompanyFetcher } from './company-ui.ts'

/** A term and its value in a block's list of details; `numeric` sets digits in a monospace face. */
export function Detail({
  label,
  numeric = false,
  children,
}: {
  label: string
  numeric?: boolean
  children: ReactNode
}) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} ff={numeric ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  )
}

/**
 * Whether a block's form is open: from the click on its edit button until its fetcher brings a
 * successful result newer than the one current at that click (the server took the changes), or
 * until «Отмена». Back to the details without an effect.
 */
export function useEditing(edit: ReturnType<typeof useCompanyFetcher>) {
  const [openedWith, setOpenedWith] = useState<object | null | undefined>(undefined)
  const editing = openedWith !== undefined && !(edit.fetcher.data?.ok && edit.fetcher.data !== openedWith)
  return {
    editing,
    open: () => setOpenedWith(edit.fetcher.data ?? null),
    close: () => setOpenedWith(undefined),
  }
}
