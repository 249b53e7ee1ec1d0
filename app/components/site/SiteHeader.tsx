import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Stack,
  Tooltip,
} from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconLayoutGrid, IconMessageCircle, IconScale, IconShoppingCart, IconUser } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { CATALOG_PATH } from '#common/spheres.ts'
import { useViewport } from '#app/lib/viewport.tsx'
import { AppLink } from '../AppLink.tsx'
import { Logo } from './Logo.tsx'
import { INFO_LINKS, MAIN_NAV, PLATFORM_LINKS } from './nav-links.ts'
import { SearchForm } from './SearchForm.tsx'
import classes from './SiteHeader.module.css'

const USER_ENTRIES = [
  { to: '/compare', label: 'Сравнение', Icon: IconScale },
  { to: '/cart', label: 'Корзина', Icon: IconShoppingCart },
  { to: '/chat', label: 'Чат', Icon: IconMessageCircle },
  { to: '/personal-account/profile', label: 'Личный кабинет', Icon: IconUser },
] as const

function UserEntries({ compact }: { compact: boolean }) {
  return (
    <Group gap={compact ? 4 : 8} wrap="nowrap">
      {USER_ENTRIES.map(({ to, label, Icon }) => (
        <Tooltip key={to} label={label} openDelay={300}>
          <ActionIcon component={AppLink} to={to} variant="subtle" color="navy" size="lg" aria-label={label}>
            <Icon size={22} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  )
}

export function SiteHeader() {
  const viewport = useViewport()
  const [opened, { toggle, close }] = useDisclosure(false)
  const location = useLocation()
  useEffect(close, [location.pathname, close])

  if (viewport === 'mobile') {
    return (
      <Box component="header" className={classes.header}>
        <Container size="xl" py="xs">
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            <Group gap={4} wrap="nowrap">
              <ActionIcon component={AppLink} to="/cart" variant="subtle" color="navy" size="lg" aria-label="Корзина">
                <IconShoppingCart size={22} aria-hidden="true" />
              </ActionIcon>
              <Burger opened={opened} onClick={toggle} aria-label="Открыть меню" aria-expanded={opened} />
            </Group>
          </Group>
          <Box mt="xs">
            <SearchForm id="header-search-mobile" />
          </Box>
        </Container>
        <Drawer opened={opened} onClose={close} title="Меню" position="right" size="85%">
          <nav aria-label="Основное меню">
            <Stack gap="xs">
              {MAIN_NAV.map((link) => (
                <Anchor key={link.to} component={AppLink} to={link.to} size="lg" fw={600}>
                  {link.label}
                </Anchor>
              ))}
              <Divider my="xs" />
              {USER_ENTRIES.map(({ to, label }) => (
                <Anchor key={to} component={AppLink} to={to}>
                  {label}
                </Anchor>
              ))}
              <Divider my="xs" />
              {[...PLATFORM_LINKS, ...INFO_LINKS].map((link) => (
                <Anchor key={link.to} component={AppLink} to={link.to} c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          </nav>
        </Drawer>
      </Box>
    )
  }

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl">
        <Group h={72} gap="lg" wrap="nowrap">
          <Logo />
          <Button
            component={AppLink}
            to={CATALOG_PATH}
            color="navy"
            leftSection={<IconLayoutGrid size={18} aria-hidden="true" />}
          >
            Каталог
          </Button>
          <SearchForm id="header-search" />
          <nav aria-label="Основное меню" className={classes.nav}>
            {MAIN_NAV.slice(1).map((link) => (
              <Anchor key={link.to} component={AppLink} to={link.to} className={classes.navLink}>
                {link.label}
              </Anchor>
            ))}
          </nav>
          <UserEntries compact={false} />
        </Group>
      </Container>
    </Box>
  )
}
