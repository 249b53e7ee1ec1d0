import { Button, Group, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { Form } from 'react-router'

/**
 * A list's search: a GET form to the list's address keeping its other filters (`keep`, the ones
 * not at their default), so it works before the scripts load.
 */
export function ListSearch({
  action,
  name,
  label,
  q,
  maxLength,
  keep,
}: {
  action: string
  /** The form's accessible name: «Поиск заказов». */
  name: string
  label: string
  q: string
  maxLength: number
  keep: Record<string, string | null>
}) {
  return (
    <Form method="get" action={action} role="search" aria-label={name}>
      {Object.entries(keep).map(([key, value]) => value && <input key={key} type="hidden" name={key} value={value} />)}
      <Group gap="sm" align="end" wrap="nowrap">
        <TextInput
          key={`${action}:${q}`}
          name="q"
          type="search"
          label={label}
          defaultValue={q}
          maxLength={maxLength}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          style={{ flex: 1 }}
          maw={420}
        />
        <Button type="submit" variant="default">
          Найти
        </Button>
      </Group>
    </Form>
  )
}
