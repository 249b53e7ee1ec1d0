import { Alert, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { Form, useActionData, useNavigation, useSubmit } from 'react-router'
import type { BulkResult, ProductsPage } from './products-page.ts'
import { type BulkAction, PRODUCT_MESSAGES, productsCount } from '#common/products.ts'
import { bulkActionsFor } from './bulk-actions.ts'
import { BulkBar } from './BulkBar.tsx'
import { BulkResultMessage } from './BulkResultMessage.tsx'
import { type ListState, PRODUCTS_PATH } from './list-url.ts'
import { ProductCard } from './ProductCard.tsx'
import { ProductsEmpty } from './ProductsEmpty.tsx'
import { ProductsPager } from './ProductsPager.tsx'
import { ProductTabs } from './ProductTabs.tsx'
import { ProductsToolbar } from './ProductsToolbar.tsx'
import classes from './products.module.css'

/** Why some of the bulk actions are missing or disabled, said once above the list. */
function AccessNotice({ list }: { list: ProductsPage }) {
  const message = !list.manager
    ? PRODUCT_MESSAGES.managersOnly
    : !list.vendorConfirmed
      ? PRODUCT_MESSAGES.unconfirmedVendor
      : null
  if (!message) return null
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
      {message}
    </Alert>
  )
}

/**
 * The list of a tab: tabs, search and sort, the bulk bar and its result, the products and their
 * pages. The bulk form posts the checked products to the page's action; the result stays until
 * the next navigation.
 */
export function ProductsBoard({ state, list }: { state: ListState; list: ProductsPage }) {
  const result = useActionData<BulkResult>()
  const navigation = useNavigation()
  const submit = useSubmit()
  // The checked products belong to the last action's result: after an action the list is loaded
  // again, and nothing stays checked.
  const [selection, setSelection] = useState({ after: result, ids: [] as string[] })
  const selected = selection.after === result ? selection.ids : []
  const setSelected = (update: (current: string[]) => string[]) =>
    setSelection({ after: result, ids: update(selected) })

  const ids = list.items.map((p) => p.id)
  const checked = selected.filter((id) => ids.includes(id))
  const actions = bulkActionsFor(state.tab, list)
  const selectable = actions.length > 0 && list.items.length > 0

  const submitting = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
  const busy = submitting ? ((navigation.formData?.get('intent') as BulkAction | null) ?? null) : null
  const loading = navigation.state === 'loading' && navigation.location.pathname === PRODUCTS_PATH && !submitting

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)))

  const deleteChecked = () => {
    const data = new FormData()
    data.set('intent', 'delete')
    for (const id of checked) data.append('ids', id)
    submit(data, { method: 'post' })
  }

  return (
    <Stack gap="md">
      <ProductTabs state={state} counts={list.counts} />
      <ProductsToolbar state={state} />
      <AccessNotice list={list} />
      {result && <BulkResultMessage result={result} />}
      {list.items.length === 0 ? (
        <ProductsEmpty state={state} total={list.total} />
      ) : (
        <Form method="post" aria-label="Товары раздела">
          <Stack gap="sm" className={loading ? classes.busy : undefined} aria-busy={loading || undefined}>
            <Text size="sm" c="dimmed">
              {state.q ? 'Найдено' : 'В разделе'}: {productsCount(list.total)}
            </Text>
            {selectable && (
              <BulkBar
                actions={actions}
                canSubmit={list.canSubmit}
                selectedCount={checked.length}
                pageCount={ids.length}
                busy={busy}
                onSelectAll={(on) => setSelected(() => (on ? ids : []))}
                onDelete={deleteChecked}
              />
            )}
            <ul className={classes.list} aria-label="Список товаров">
              {list.items.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  selectable={selectable}
                  checked={checked.includes(product.id)}
                  onCheckedChange={(on) => toggle(product.id, on)}
                />
              ))}
            </ul>
            <ProductsPager state={state} total={list.total} pageSize={list.pageSize} />
          </Stack>
        </Form>
      )}
    </Stack>
  )
}
