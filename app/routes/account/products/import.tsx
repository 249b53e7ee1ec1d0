import { Anchor, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { loadImport } from '#app/components/products/import/import-api.ts'
import { ImportPreview } from '#app/components/products/import/ImportPreview.tsx'
import { ImportProgress } from '#app/components/products/import/ImportProgress.tsx'
import { ImportUpload } from '#app/components/products/import/ImportUpload.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { ImportView } from '#common/product-import.ts'
import type { Route } from './+types/import'

export const meta: Route.MetaFunction = pageMeta(() => [
  { title: 'Загрузка товаров из файла — личный кабинет — БАС Маркет' },
])

/** How often the page asks how far the import got. */
const POLL_MS = 1000

/**
 * /personal-account/products/import: a catalogue file (YML or CSV) into the organization's
 * drafts in three steps: upload, preview with the mapping, the import with its progress and
 * outcome. Only a vendor's members get here (the service refuses the rest, 403).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  // The layout shows guests a sign-in panel instead of this page.
  if (!ctx.user) return { kind: 'guest' as const }
  return loadOrFail(request, async () => ({ kind: 'page' as const, scope: services.products.describeScope(ctx) }))
}

export default function ProductImportRoute({ loaderData }: Route.ComponentProps) {
  const [view, setView] = useState<ImportView | null>(null)

  const running = view?.status === 'importing'
  const id = view?.id
  useEffect(() => {
    if (!running || !id) return
    let stopped = false
    const timer = setInterval(() => {
      loadImport(id)
        .then((next) => {
          if (!stopped) setView(next)
        })
        .catch(() => {}) // the next poll tries again
    }, POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [running, id])

  if (loaderData.kind === 'guest') return null
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={AppLink} to="/personal-account/products" size="sm">
          ← Товары
        </Anchor>
        <Title order={1} size="h2" mt={4}>
          Загрузка товаров из файла
        </Title>
        <Text c="dimmed" mt={4}>
          Каталог в формате Яндекс Маркета (YML) или таблица CSV: файл проверяется, вы сопоставляете его категории и
          характеристики с каталогом, затем товары создаются или обновляются как черновики.
        </Text>
      </div>
      {!view && <ImportUpload onUploaded={setView} />}
      {view?.status === 'preview' && <ImportPreview view={view} onChange={setView} />}
      {view && view.status !== 'preview' && <ImportProgress view={view} onAnother={() => setView(null)} />}
    </Stack>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
