import { ActionIcon, Anchor, Box, Burger, Button, Container, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconLayoutGrid, IconShoppingCart } from '@tabler/icons-react'
import { lazy, Suspense, useEffect } from 'react'
import { useLocation } from 'react-router'
import { CATALOG_PATH } from '#common/spheres.ts'
import { useViewport } from '#app/lib/viewport.tsx'
import { AppLink } from '../AppLink.tsx'
import { countId, EntryCount, entryClass, HeaderAccount } from './HeaderAccount.tsx'
import { Logo } from './Logo.tsx'
import { MAIN_NAV, USER_ENTRIES } from './nav-links.ts'
import { SearchForm } from './SearchForm.tsx'
import classes from './SiteHeader.module.css'

// The drawer (with its focus trap and scroll lock) loads only when a phone user opens the menu.
const MobileMenu = lazy(() => import('./MobileMenu.tsx'))

function UserEntries({ compact }: { compact: boolean }) {
  return (
    <Group gap={compact ? 4 : 8} wrap="nowrap">
      {USER_ENTRIES.map(({ to, label, Icon, count }) => (
        <span key={to} className={entryClass}>
          <ActionIcon
            component={AppLink}
            to={to}
            variant="subtle"
            color="navy"
            size="lg"
            aria-label={label}
            aria-describedby={countId(count)}
            title={label}
          >
            <Icon size={22} aria-hidden="true" />
          </ActionIcon>
          <EntryCount field={count} />
        </span>
      ))}
      <HeaderAccount compact={compact} />
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
              <span className={entryClass}>
                <ActionIcon
                  component={AppLink}
                  to="/cart"
                  variant="subtle"
                  color="navy"
                  size="lg"
                  aria-label="Корзина"
                  aria-describedby={countId('cartCount')}
                >
                  <IconShoppingCart size={22} aria-hidden="true" />
                </ActionIcon>
                <EntryCount field="cartCount" />
              </span>
              <HeaderAccount compact />
              <Burger opened={opened} onClick={toggle} aria-label="Открыть меню" aria-expanded={opened} />
            </Group>
          </Group>
          <Box mt="xs">
            <SearchForm id="header-search-mobile" />
          </Box>
        </Container>
        {opened && (
          <Suspense fallback={null}>
            <MobileMenu opened={opened} onClose={close} />
          </Suspense>
        )}
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
