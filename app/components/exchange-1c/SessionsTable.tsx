import { Anchor, Text } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { ResponsiveRows } from '#app/components/lists/ResponsiveRows.tsx'
import { formatDateTimeNumeric, formatNumber } from '#app/lib/format.ts'
import type { AppLoadContext } from '#app/lib/load-context.ts'

export type SessionsPage = Awaited<ReturnType<AppLoadContext['services']['exchange1c']['staffLog']>>
export type SessionSummary = SessionsPage['items'][number]

const TYPE_LABELS = { catalog: 'Каталог', sale: 'Заказы' } as const

/** What a session did, in words: «создано 2, обновлено 5, без изменений 40, ошибок 1». */
export function countsText(s: Pick<SessionSummary, 'type' | 'counts'>): string {
  const c = s.counts
  const parts =
    s.type === 'sale'
      ? [`отправлено заказов ${formatNumber(c.ordersSent)}`, `изменено из 1С ${formatNumber(c.ordersChanged)}`]
      : [
          `создано ${formatNumber(c.created)}`,
          `обновлено ${formatNumber(c.updated)}`,
          `без изменений ${formatNumber(c.unchanged)}`,
        ]
  return [...parts, `ошибок ${formatNumber(c.errors)}`].join(', ')
}

/**
 * The exchange log: each session of 1С with its time, side, files and counts, newest first; a
 * session opens with its errors' texts. Staff see the organization too.
 */
export function SessionsTable({
  page,
  hrefOf,
  withOrganization = false,
}: {
  page: SessionsPage
  hrefOf: (id: string) => string
  withOrganization?: boolean
}) {
  if (!page.items.length)
    return (
      <EmptyState title="Сеансов обмена ещё не было">
        Журнал заполнится, когда 1С выполнит первый обмен: каждый сеанс с файлами, счётчиками и текстами ошибок.
      </EmptyState>
    )
  const when = (s: SessionSummary) => (
    <Anchor component={AppLink} to={hrefOf(s.id)}>
      {formatDateTimeNumeric(s.startedAt)}
    </Anchor>
  )
  const files = (s: SessionSummary) => s.files.map((f) => f.name).join(', ') || '—'
  return (
    <>
      <ResponsiveRows
        items={page.items}
        keyOf={(s) => s.id}
        caption="Журнал обмена с 1С"
        columns={[
          { label: 'Начат', cell: when },
          ...(withOrganization
            ? [{ label: 'Организация', cell: (s: SessionSummary) => s.organizationName ?? '—' }]
            : []),
          { label: 'Обмен', cell: (s) => TYPE_LABELS[s.type] },
          { label: 'Файлы', cell: (s) => <Text size="sm">{files(s)}</Text> },
          { label: 'Итог', cell: (s) => <Text size="sm">{countsText(s)}</Text> },
          { label: 'Статус', cell: (s) => <StatusBadge lifecycle="exchange1cSession" status={s.status} /> },
        ]}
        title={when}
        badge={(s) => <StatusBadge lifecycle="exchange1cSession" status={s.status} />}
        lines={(s) => [
          ...(withOrganization && s.organizationName ? [s.organizationName] : []),
          `${TYPE_LABELS[s.type]}: ${files(s)}`,
          countsText(s),
        ]}
      />
      <ListPager page={page.page} pageSize={page.pageSize} total={page.total} />
    </>
  )
}
