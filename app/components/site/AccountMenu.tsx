import { Box, Menu } from '@mantine/core'
import {
  IconBuilding,
  IconBuildingPlus,
  IconClipboardList,
  IconLogout,
  IconShieldCheck,
  IconSwitchHorizontal,
  IconUser,
} from '@tabler/icons-react'
import type { ReactElement } from 'react'
import type { WhoamiUser } from '#common/organizations.ts'
import { AppLink } from '../AppLink.tsx'
import { MantineScope } from '../MantineScope.tsx'
import { accountLinks, useAccountActions } from './account-actions.ts'
import { AccountSummary } from './AccountSummary.tsx'

const LINK_ICONS: Record<string, typeof IconUser> = {
  '/personal-account/profile': IconUser,
  '/personal-account/company': IconBuilding,
  '/personal-account/orders': IconClipboardList,
  '/personal-account/staff': IconShieldCheck,
}

/** The signed-in user's menu in the header: who and for which organization, switching, pages, exit. */
export default function AccountMenu({ user, target }: { user: WhoamiUser; target: ReactElement }) {
  const { selectOrganization, signOut } = useAccountActions()
  const others = user.organizations.filter((o) => !o.isSelected)
  return (
    <MantineScope>
      <Menu position="bottom-end" width={290} shadow="md" withinPortal>
        <Menu.Target>{target}</Menu.Target>
        <Menu.Dropdown>
          <Box px="sm" py="xs">
            <AccountSummary user={user} />
          </Box>
          {others.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>Сменить организацию</Menu.Label>
              {others.map((organization) => (
                <Menu.Item
                  key={organization.id}
                  leftSection={<IconSwitchHorizontal size={16} aria-hidden="true" />}
                  onClick={() => void selectOrganization(organization)}
                >
                  {organization.name}
                </Menu.Item>
              ))}
            </>
          )}
          {user.organizations.length === 0 && (
            <Menu.Item
              component={AppLink}
              to="/personal-account/company"
              leftSection={<IconBuildingPlus size={16} aria-hidden="true" />}
            >
              Добавить организацию
            </Menu.Item>
          )}
          <Menu.Divider />
          {accountLinks(user.isStaff).map(({ to, label }) => {
            const Icon = LINK_ICONS[to] ?? IconUser
            return (
              <Menu.Item key={to} component={AppLink} to={to} leftSection={<Icon size={16} aria-hidden="true" />}>
                {label}
              </Menu.Item>
            )
          })}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={() => void signOut()}
          >
            Выйти
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </MantineScope>
  )
}
