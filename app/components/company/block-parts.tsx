import { Text } from '@mantine/core'
import { type FormEvent, type ReactNode, useState } from 'react'
import { formValues } from '#app/lib/action-result.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
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

/**
 * A block form's errors: the server's refusal and the browser's own check before sending, each
 * dropped from a field once it is edited. `check` gives the field errors of what the form holds
 * (the same schema the server parses with); a form with any is not sent.
 */
export function useCheckedForm(
  edit: ReturnType<typeof useCompanyFetcher>,
  check: (values: Record<string, string>) => Record<string, string>,
) {
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const edits = useEditedFields(edit.failure, clientErrors)
  const errors: Record<string, string | undefined> = withoutEdited({ ...edit.errors, ...clientErrors }, edits.edited)
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = check(formValues(new FormData(event.currentTarget)))
    setClientErrors(found)
    if (Object.keys(found).length) event.preventDefault()
  }
  return { errors, onSubmit, onChange: edits.onEdit }
}
