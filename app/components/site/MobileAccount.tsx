import { Anchor, Button, Divider, Stack, Text } from '@mantine/core'
import { openAuthModal } from '#app/lib/auth-modal.ts'
import { useSession } from '#app/lib/session.ts'
import { AppLink } from '../AppLink.tsx'
import { accountLinks, useAccountActions } from './account-actions.ts'
import { AccountSummary } from './AccountSummary.tsx'

/** The account part of the phone drawer: the same entries as the header's account menu. */
export function MobileAccount({ onClose }: { onClose: () => void }) {
  const { user } = useSession()
  const { selectOrganization, signOut } = useAccountActions()

  if (!user) {
    return (
      <Button
        variant="light"
        onClick={() => {
          onClose()
          openAuthModal('signIn')
        }}
      >
        Войти или зарегистрироваться
      </Button>
    )
  }
  const others = user.organizations.filter((o) => !o.isSelected)
  return (
    <Stack gap="xs">
      <AccountSummary user={user} />
      {others.length > 0 && (
        <>
          <Text size="xs" c="dimmed" fw={600} mt={4}>
            Сменить организацию
          </Text>
          {others.map((organization) => (
            <Anchor
              key={organization.id}
              component="button"
              type="button"
              ta="left"
              onClick={() => {
                onClose()
                void selectOrganization(organization)
              }}
            >
              {organization.name}
            </Anchor>
          ))}
        </>
      )}
      <Divider my={4} />
      {accountLinks(user.isStaff).map(({ to, label }) => (
        <Anchor key={to} component={AppLink} to={to}>
          {label}
        </Anchor>
      ))}
      <Anchor
        component="button"
        type="button"
        ta="left"
        c="red"
        onClick={() => {
          onClose()
          void signOut()
        }}
      >
        Выйти
      </Anchor>
    </Stack>
  )
}
