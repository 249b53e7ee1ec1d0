import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { FormEvent } from 'react'
import { Form, useNavigate } from 'react-router'
import { CABINET_SORT_LABELS, CABINET_SORTS, type CabinetSort } from '#common/products.ts'
import { type ListState, listHref, PRODUCTS_PATH } from './list-url.ts'

const SORT_OPTIONS = CABINET_SORTS.map((value) => ({ value, label: CABINET_SORT_LABELS[value] }))

/**
 * Search by title or SKU and the sort: a GET form, so it works without JavaScript; with it, the
 * address is built without empty or default values and a new sort applies at once.
 */
export function ProductsToolbar({ state }: { state: ListState }) {
  const navigate = useNavigate()
  const go = (form: HTMLFormElement) => {
    const data = new FormData(form)
    navigate(listHref(state, { q: String(data.get('q') ?? '').trim(), sort: data.get('sort') as CabinetSort }))
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go(event.currentTarget)
  }
  return (
    // The fields are keyed by the address's values: Back puts them back as they were.
    <Form method="get" action={PRODUCTS_PATH} role="search" aria-label="Поиск товаров" onSubmit={onSubmit}>
      {state.tab !== 'published' && <input type="hidden" name="tab" value={state.tab} />}
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          key={`q:${state.q}`}
          name="q"
          type="search"
          label="Название или артикул"
          placeholder="Например, BAS-…"
          defaultValue={state.q}
          maxLength={100}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          style={{ flex: '1 1 14rem', minWidth: 0 }}
        />
        <NativeSelect
          key={`sort:${state.sort}`}
          name="sort"
          label="Сортировка"
          data={SORT_OPTIONS}
          defaultValue={state.sort}
          onChange={(event) => event.currentTarget.form && go(event.currentTarget.form)}
          style={{ flex: '0 1 13rem', minWidth: 0 }}
        />
        <Button type="submit" variant="default">
          Найти
        </Button>
      </Group>
    </Form>
  )
}
