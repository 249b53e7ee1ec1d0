import { IconLayoutGrid } from '@tabler/icons-react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useLocation } from 'react-router'
import { CATALOG_PATH } from '#common/spheres.ts'
import { useSessionState } from '#app/lib/session-store.ts'
import { useViewport } from '#app/lib/viewport.tsx'
import { AppLink } from '../AppLink.tsx'
import { buttonClass, ButtonContent } from '../ui/button.tsx'
import ui from '../ui/ui.module.css'
import { countId, EntryCount, entryClass, HeaderAccount } from './HeaderAccount.tsx'
import { Logo } from './Logo.tsx'
import { MAIN_NAV, USER_ENTRIES } from './nav-links.ts'
import { SearchForm } from './SearchForm.tsx'
import classes from './SiteHeader.module.css'

// The drawer (with its focus trap and scroll lock) loads only when a phone user opens the menu.
const MobileMenu = lazy(() => import('./MobileMenu.tsx'))

const iconButtonClass = `mantine-focus-auto mantine-active ${ui.iconButton}`

/**
 * A phone's bar: the cart, and for a signed-in user the chat, each with its counter (the chat's
 * unread badge on every screen). A guest's bar has «Войти» in the chat's room.
 */
const PHONE_ENTRIES = USER_ENTRIES.filter((entry) => entry.to !== '/compare')
const GUEST_PHONE_ENTRIES = PHONE_ENTRIES.filter((entry) => entry.to !== '/chat')

function UserEntries({ compact }: { compact: boolean }) {
  return (
    <div className={`${classes.row} ${compact ? classes.gap4 : classes.gap8}`}>
      {USER_ENTRIES.map(({ to, label, Icon, count }) => (
        <span key={to} className={entryClass}>
          <AppLink
            to={to}
            className={iconButtonClass}
            aria-label={label}
            aria-describedby={countId(count)}
            title={label}
          >
            <Icon size={22} aria-hidden="true" />
          </AppLink>
          <EntryCount field={count} />
        </span>
      ))}
      <HeaderAccount compact={compact} />
    </div>
  )
}

export function SiteHeader() {
  const viewport = useViewport()
  const { user } = useSessionState()
  const [opened, setOpened] = useState(false)
  const close = useCallback(() => setOpened(false), [])
  // Going to another page closes the menu (adjusted during render, not in an effect).
  const { pathname } = useLocation()
  const [menuPath, setMenuPath] = useState(pathname)
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setOpened(false)
  }

  if (viewport === 'mobile') {
    return (
      <header className={classes.header} data-site-header>
        <div className={`${ui.container} ${classes.mobileBar}`}>
          <div className={`${classes.row} ${classes.spaceBetween}`}>
            <Logo />
            <div className={`${classes.row} ${classes.gap4}`}>
              {(user ? PHONE_ENTRIES : GUEST_PHONE_ENTRIES).map(({ to, label, Icon, count }) => (
                <span key={to} className={entryClass}>
                  <AppLink to={to} className={iconButtonClass} aria-label={label} aria-describedby={countId(count)}>
                    <Icon size={22} aria-hidden="true" />
                  </AppLink>
                  <EntryCount field={count} />
                </span>
              ))}
              <HeaderAccount compact />
              <button
                type="button"
                className={`mantine-focus-auto ${classes.burger}`}
                onClick={() => setOpened((o) => !o)}
                aria-label="Открыть меню"
                aria-expanded={opened}
              >
                <span className={classes.burgerLines} data-opened={opened || undefined} />
              </button>
            </div>
          </div>
          <div className={classes.mobileSearch}>
            <SearchForm id="header-search-mobile" />
          </div>
        </div>
        {opened && (
          <Suspense fallback={null}>
            <MobileMenu opened={opened} onClose={close} />
          </Suspense>
        )}
      </header>
    )
  }

  return (
    <header className={classes.header} data-site-header>
      <div className={ui.container}>
        <div className={`${classes.row} ${classes.desktopBar}`}>
          <Logo />
          <AppLink to={CATALOG_PATH} className={buttonClass({ left: true })}>
            <ButtonContent left={<IconLayoutGrid size={18} aria-hidden="true" />}>Каталог</ButtonContent>
          </AppLink>
          <SearchForm id="header-search" />
          <nav aria-label="Основное меню" className={classes.nav}>
            {MAIN_NAV.slice(1).map((link) => (
              <AppLink key={link.to} to={link.to} className={`mantine-focus-auto ${classes.navLink}`}>
                {link.label}
              </AppLink>
            ))}
          </nav>
          <UserEntries compact={false} />
        </div>
      </div>
    </header>
  )
}
