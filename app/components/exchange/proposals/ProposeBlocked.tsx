import { Alert, Button, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { openAuthModal } from '#app/lib/auth-modal.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import type { RequestProposals } from '#common/exchange/proposals.ts'

/** The next step for each reason a vendor cannot answer the request, when there is one. */
function NextStep({ reason }: { reason: NonNullable<RequestProposals['blocked']>['reason'] }) {
  switch (reason) {
    case 'signIn':
      return (
        <Button size="sm" onClick={() => openAuthModal('signIn', { reason: 'propose' })}>
          Войти
        </Button>
      )
    case 'noOrganization':
    case 'notVendor':
      return (
        <Button component={AppLink} to={COMPANY_PATH} size="sm" variant="light">
          Перейти к данным компании
        </Button>
      )
    case 'noMatchingOffer':
      return (
        <Button component={AppLink} to={exchangeLinks.offer('new')} size="sm" variant="light">
          Добавить услугу
        </Button>
      )
    default:
      return null
  }
}

/** Why the caller cannot propose on this request now, and what to do about it. */
export function ProposeBlocked({ blocked }: { blocked: NonNullable<RequestProposals['blocked']> }) {
  return (
    <Alert color="blue" variant="light" title="Откликнуться нельзя" icon={<IconInfoCircle aria-hidden="true" />}>
      <Text size="sm" mb="sm">
        {blocked.message}
      </Text>
      <NextStep reason={blocked.reason} />
    </Alert>
  )
}
