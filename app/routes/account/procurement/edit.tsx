import { Alert, Anchor, Stack, Text, Title } from '@mantine/core'
import { useActionData } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { RequestForm } from '#app/components/procurement/RequestForm.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { procurementLinks } from '#common/procurement-links.ts'
import type { Route } from './+types/edit'
import { loadRequestForm, requestFormAction } from './edit.server.ts'

export const meta: Route.MetaFunction = pageMeta(({ params }) => [
  {
    title: params.number
      ? `Черновик запроса КП № ${params.number} — личный кабинет — БАС Маркет`
      : 'Новый запрос КП — личный кабинет — БАС Маркет',
  },
])

/** /personal-account/procurement/new and /{number}/edit: a new request for offers, or a draft's changes. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadRequestForm(request, context, params.number ?? null)

export const action = ({ request, context, params }: Route.ActionArgs) =>
  requestFormAction(request, context, params.number ?? null)

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function ProcurementRequestFormRoute({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  if (loaderData.kind === 'guest') return null
  const heading = (
    <Title order={1} size="h2">
      {loaderData.kind === 'form' && loaderData.number
        ? `Черновик запроса КП № ${loaderData.number}`
        : 'Новый запрос коммерческих предложений'}
    </Title>
  )
  if (loaderData.kind === 'blocked') {
    return (
      <Stack gap="lg">
        {heading}
        <Alert color="blue" variant="light">
          <Text size="sm">{loaderData.message}.</Text>
          <Anchor component={AppLink} to={COMPANY_PATH} fw={600} size="sm">
            Перейти к компании
          </Anchor>
        </Alert>
      </Stack>
    )
  }
  const refusal = result && !result.ok ? result : undefined
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor
          component={AppLink}
          to={loaderData.number ? procurementLinks.request(loaderData.number) : procurementLinks.list('requests')}
          size="sm"
        >
          ← {loaderData.number ? `Запрос № ${loaderData.number}` : 'Мои запросы'}
        </Anchor>
        {heading}
        <Text size="sm" c="dimmed" maw={720}>
          Поставщики получат письмо и уведомление, ответят ценами по каждой позиции, а платформа соберёт обоснование
          начальной (максимальной) цены контракта: таблицу для документации закупки в PDF и XLSX.
        </Text>
      </Stack>
      <RequestForm
        key={loaderData.number ?? loaderData.creationKey}
        initial={loaderData.values}
        choices={loaderData.choices}
        creationKey={loaderData.creationKey}
        refusal={refusal}
        organizationId={loaderData.organizationId}
      />
    </Stack>
  )
}
