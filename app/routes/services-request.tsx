import { Alert, Anchor, Stack, Text, Title } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { MantineScope } from '#app/components/MantineScope.tsx'
import { RequestForm } from '#app/components/exchange/requests/RequestForm.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { SignInRequired } from '#app/components/SignInRequired.tsx'
import type { Route } from './+types/services-request'
import { loadRequestForm, requestFormAction } from './services-request.server.ts'

export const meta: Route.MetaFunction = pageMeta(() => [
  { title: 'Заявка на работы — биржа услуг — БАС Маркет' },
  { name: 'robots', content: 'noindex' },
])

/** /services/request: a buyer writes a request for drone work (new, or `?draft=` to go on with one). */
export const loader = ({ request, context }: Route.LoaderArgs) => loadRequestForm(request, context)

export const action = ({ request, context }: Route.ActionArgs) => requestFormAction(request, context)

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

/** The page is built with Mantine; the default layout has no provider of its own. */
export default function RequestFormRoute(props: Route.ComponentProps) {
  return (
    <MantineScope>
      <RequestFormPage {...props} />
    </MantineScope>
  )
}

function RequestFormPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  if (loaderData.kind === 'guest')
    return (
      <SignInRequired
        title="Заявка на работы"
        text="Войдите, чтобы разместить заявку на бирже услуг: исполнители пришлют вам свои предложения."
      />
    )
  if (loaderData.kind === 'notBuyer')
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1} size="h2">
          Заявка на работы
        </Title>
        <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{loaderData.message}</Text>
            <Text size="sm">
              Запросите роль «Покупатель» на странице компании: после проверки вы сможете размещать заявки.
            </Text>
            <Anchor component={AppLink} to={COMPANY_PATH} size="sm" fw={600}>
              Перейти на страницу компании
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    )
  return (
    <Stack maw={880}>
      <RequestForm
        // A new request and each draft are separate forms: what is typed in one never leaks into another.
        key={params.get('draft') ?? 'new'}
        draft={loaderData.draft}
        vendors={loaderData.vendors}
        organizationId={loaderData.organizationId}
        creationKey={loaderData.creationKey}
      />
    </Stack>
  )
}
