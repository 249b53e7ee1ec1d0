import { Stack } from '@mantine/core'
import { useActionData } from 'react-router'
import {
  RequestActions,
  type RequestActionState,
  isRequestIntent,
} from '#app/components/exchange/requests/RequestActions.tsx'
import { RequestTerms } from '#app/components/exchange/requests/RequestTerms.tsx'
import { ProposalsSection } from '#app/components/exchange/proposals/ProposalsSection.tsx'
import type { ProposalActionData } from '#app/components/exchange/proposals/proposal-state.tsx'
import { MantineScope } from '#app/components/MantineScope.tsx'
import { Breadcrumbs } from '#app/components/product/Breadcrumbs.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { seoMeta } from '#app/lib/seo.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { isProposalIntent } from '#common/exchange/proposals.ts'
import type { Route } from './+types/services-request-page'
import { loadRequestPage, requestPageAction } from './services-request-page.server.ts'
import { useIntentAction } from '#app/components/IntentForms.tsx'

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) =>
  loaderData
    ? [...seoMeta(loaderData.seo), ...(loaderData.noindex ? [{ name: 'robots', content: 'noindex' }] : [])]
    : [],
)

/** /services/requests/{number}: a request's terms for whoever may see it, the customer's moves. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadRequestPage(request, context, params.number)

export const action = ({ request, context, params }: Route.ActionArgs) =>
  requestPageAction(request, context, params.number)

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

type PageActionData = NonNullable<ReturnType<typeof useActionData<typeof action>>>

/** Which form an answer of the page's action belongs to: the request's moves or the proposals'. */
const isProposalAnswer = (answer: PageActionData): answer is ProposalActionData =>
  isProposalIntent(answer.ok ? answer.intent : (answer.values.intent ?? ''))

export default function RequestPageRoute({ loaderData }: Route.ComponentProps) {
  const { request, proposals } = loaderData
  const answer = useActionData<typeof action>()
  const proposalResult = answer && isProposalAnswer(answer) ? answer : undefined
  const state: RequestActionState = useIntentAction(
    answer && !isProposalAnswer(answer) ? answer : undefined,
    isRequestIntent,
  )
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { label: 'Биржа услуг', to: exchangeLinks.exchange() },
          { label: 'Заявки', to: exchangeLinks.exchange('requests') },
          { label: `№ ${request.number}` },
        ]}
      />
      {/* The terms and the customer's moves in a reading column, then the proposals. */}
      <MantineScope>
        <Stack gap="lg">
          <Stack gap="lg" maw={880}>
            <RequestTerms request={request} />
            <RequestActions request={request} state={state} />
          </Stack>
          {/* The comparison takes the page's whole width: a column per proposal. */}
          <ProposalsSection data={proposals} result={proposalResult} />
        </Stack>
      </MantineScope>
    </>
  )
}
