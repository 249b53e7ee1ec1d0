import { ActionIcon, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { Form, useSearchParams } from 'react-router'
import { CATALOG_PATH } from '#common/spheres.ts'

/** The header search: submits to the catalogue with ?q=. */
export function SearchForm({ id }: { id: string }) {
  const [params] = useSearchParams()
  return (
    <Form method="get" action={CATALOG_PATH} role="search" style={{ flex: 1, maxWidth: 560 }}>
      <TextInput
        id={id}
        name="q"
        type="search"
        defaultValue={params.get('q') ?? ''}
        aria-label="Поиск по каталогу"
        placeholder="Поиск: квадрокоптер, тепловизор, агродрон…"
        maxLength={200}
        radius="md"
        rightSection={
          <ActionIcon type="submit" variant="filled" color="navy" aria-label="Найти" radius="md">
            <IconSearch size={18} aria-hidden="true" />
          </ActionIcon>
        }
      />
    </Form>
  )
}
