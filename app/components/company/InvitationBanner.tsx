import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconMailOpened } from '@tabler/icons-react'
import { EMAIL_MESSAGES } from '#common/auth.ts'
import { MEMBER_ROLE_LABELS } from '#common/organizations.ts'
import { AppLink } from '../AppLink.tsx'
import { COMPANY_PATH, type InvitationPreview, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'
import { quote } from '#common/format.ts'

/**
 * The page opened from an invitation e-mail (`?invitation=<token>`). Joining happens on a click,
 * never on the visit itself: a link preview or a prefetch must not accept for the user.
 */
export function InvitationBanner({ token, details }: { token: string; details: InvitationPreview }) {
  const accept = useCompanyFetcher('invitation-accept')
  if (!details) {
    return (
      <Alert color="accent" title="Приглашение недействительно" role="alert">
        Ссылка устарела, уже использована или приглашение отозвали. Попросите администратора организации отправить
        новое.
      </Alert>
    )
  }
  if (!details.forMe) {
    return (
      <Alert color="accent" title={`Приглашение в ${quote(details.organizationName)}`} role="alert">
        Приглашение отправлено на другой адрес электронной почты. Войдите с тем адресом, на который пришло письмо, и
        откройте ссылку ещё раз.
      </Alert>
    )
  }
  if (!details.emailConfirmed) {
    return (
      <Alert color="accent" title={`Приглашение в ${quote(details.organizationName)}`} role="alert">
        <Text size="sm">{EMAIL_MESSAGES.unconfirmed}</Text>
        <Button component={AppLink} to="/personal-account/profile" variant="default" mt="sm">
          Подтвердить адрес
        </Button>
      </Alert>
    )
  }
  return (
    <Alert color="blue" icon={<IconMailOpened aria-hidden="true" />} title="Вас пригласили в организацию">
      <Stack gap="sm">
        <Text size="sm">
          {quote(details.organizationName)} приглашает вас присоединиться с ролью{' '}
          {quote(MEMBER_ROLE_LABELS[details.role])}. После этого вы сможете работать на платформе от имени организации.
        </Text>
        <FormMessage failure={accept.failure} />
        <accept.fetcher.Form method="post">
          <input type="hidden" name="intent" value="acceptInvitation" />
          <input type="hidden" name="token" value={token} />
          <Group gap="sm">
            <Button type="submit" loading={accept.busy}>
              Принять приглашение
            </Button>
            <Button component={AppLink} to={COMPANY_PATH} variant="default">
              Не сейчас
            </Button>
          </Group>
        </accept.fetcher.Form>
      </Stack>
    </Alert>
  )
}
