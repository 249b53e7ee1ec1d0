import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useActionData } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { useIntentAction } from '#app/components/IntentForms.tsx'
import { BuyerActions, RecipientsSection } from '#app/components/procurement/BuyerSections.tsx'
import { isProcurementIntent } from '#app/components/procurement/procurement-intents.ts'
import {
  DownloadLink,
  ItemsSection,
  JustificationSection,
  Section,
  TermsSection,
} from '#app/components/procurement/RequestSections.tsx'
import { SellerAnswerSection } from '#app/components/procurement/SellerAnswer.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDate } from '#app/lib/format.ts'
import {
  type IncomingProcurement,
  PROCUREMENT_MESSAGES,
  PROCUREMENT_TAB_LABELS,
  type ProcurementDetails,
  type ProcurementTerms,
} from '#common/procurement.ts'
import { procurementLinks } from '#common/procurement-links.ts'
import type { Route } from './+types/request'
import { loadProcurementRequest, procurementRequestAction } from './request.server.ts'

export const meta: Route.MetaFunction = pageMeta(({ params }) => [
  { title: `Запрос КП № ${params.number} — личный кабинет — БАС Маркет` },
])

/**
 * /personal-account/procurement/{number}: the buyer's request with its answers and the
 * justification of the price, or the request as an invited seller sees it, with its answer form.
 */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadProcurementRequest(request, context, params.number)

export const action = ({ request, context, params }: Route.ActionArgs) =>
  procurementRequestAction(request, context, params.number)

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

function Heading({ request, back }: { request: ProcurementTerms; back: 'requests' | 'incoming' }) {
  return (
    <Stack gap={4}>
      <Anchor component={AppLink} to={procurementLinks.list(back)} size="sm">
        ← {PROCUREMENT_TAB_LABELS[back]}
      </Anchor>
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          Запрос КП № {request.number}
        </Title>
        <StatusBadge lifecycle="procurement" status={request.status} size="lg" />
      </Group>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {request.title}
      </Text>
      <Text size="sm" c="dimmed">
        {request.sentAt ? `отправлен ${formatDate(request.sentAt)}` : `создан ${formatDate(request.createdAt)}`} ·
        ответить до {formatDate(request.deadline)}
      </Text>
    </Stack>
  )
}

function CancelledNotice({ request }: { request: ProcurementTerms }) {
  if (request.status !== 'cancelled') return null
  return (
    <Alert color="gray" variant="light" title="Запрос отменён" icon={<IconInfoCircle aria-hidden="true" />}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        Причина: {request.cancelReason}
      </Text>
    </Alert>
  )
}

function BuyerPage({ request }: { request: ProcurementDetails }) {
  const state = useIntentAction(useActionData<typeof action>(), isProcurementIntent)
  return (
    <Stack gap="lg">
      <Heading request={request} back="requests" />
      <CancelledNotice request={request} />
      <BuyerActions request={request} state={state} />
      {request.justification ? (
        <JustificationSection
          justification={request.justification}
          items={request.items}
          downloads={
            <>
              <DownloadLink href={procurementLinks.justification(request.number, 'pdf')}>Скачать PDF</DownloadLink>
              <DownloadLink href={procurementLinks.justification(request.number, 'xlsx')}>Скачать XLSX</DownloadLink>
            </>
          }
        />
      ) : (
        request.status !== 'draft' && (
          <Section title="Обоснование НМЦК">
            <Text size="sm" c="dimmed">
              {PROCUREMENT_MESSAGES.noAnswers}.
            </Text>
          </Section>
        )
      )}
      <RecipientsSection request={request} state={state} />
      <ItemsSection items={request.items} />
      <TermsSection request={request} specificationHref={procurementLinks.specification(request.number, 'buyer')} />
    </Stack>
  )
}

function SellerPage({ request }: { request: IncomingProcurement }) {
  const state = useIntentAction(useActionData<typeof action>(), isProcurementIntent)
  return (
    <Stack gap="lg">
      <Heading request={request} back="incoming" />
      <CancelledNotice request={request} />
      <TermsSection request={request} specificationHref={procurementLinks.specification(request.number, 'seller')} />
      {!request.canAnswer && <ItemsSection items={request.items} offer={request.myOffer} />}
      <SellerAnswerSection request={request} state={state} />
    </Stack>
  )
}

export default function ProcurementRequestRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  return loaderData.kind === 'buyer' ? (
    <BuyerPage request={loaderData.request} />
  ) : (
    <SellerPage request={loaderData.request} />
  )
}
