import { useHydrated } from '#app/lib/use-hydrated.ts'
import { lazy, Suspense } from 'react'
import { openAuthModal } from '#app/lib/auth-modal.ts'
import { loadDeferred } from '#app/components/load-deferred.ts'
import { useSessionState } from '#app/lib/session-store.ts'
import { AppLink } from '../AppLink.tsx'
import { buttonClass, ButtonContent } from '../ui/button.tsx'
import { initialsOf } from './account-display.ts'
import classes from './HeaderAccount.module.css'

// Mantine's Menu and all the account menu does load after the page, for signed-in users only;
// the counters come with the header summary, which is fetched after the page anyway. Neither
// imports this module back: what they show of it comes in through props.
const AccountMenu = lazy(() => loadDeferred().then((m) => m.loadAccountMenu()))
const HeaderCount = lazy(() => loadDeferred().then((m) => m.loadHeaderCount()))

export type CountField = 'compareCount' | 'cartCount' | 'chatUnreadMessagesCount'

/** The id of a counter, for the icon's `aria-describedby`. */
export const countId = (field: CountField) => `header-count-${field}`

/** The counter of a header icon; its wrapper (`entryClass`) places it on the icon's corner. */
export function EntryCount({ field }: { field: CountField }) {
  const mounted = useHydrated()
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <HeaderCount field={field} id={countId(field)} className={classes.count} />
    </Suspense>
  )
}

export const entryClass = classes.entry

/**
 * The header's account entry: «Войти» for a guest; for a signed-in user their initials and name,
 * a plain link to the profile until the account menu has loaded, then that menu's button.
 */
export function HeaderAccount({ compact }: { compact: boolean }) {
  const { user } = useSessionState()
  const mounted = useHydrated()
  if (!user) {
    return (
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: compact ? 'xs' : 'sm' })}
        onClick={() => openAuthModal('signIn')}
      >
        <ButtonContent>Войти</ButtonContent>
      </button>
    )
  }
  const face = (
    <>
      <span className={classes.initials} aria-hidden="true">
        {initialsOf(user.name)}
      </span>
      {!compact && <span className={classes.name}>{user.name}</span>}
    </>
  )
  const props = {
    className: `mantine-focus-auto ${classes.trigger} ${compact ? classes.compact : ''}`,
    'aria-label': `Аккаунт: ${user.name}`,
  }
  const link = (
    <AppLink to="/personal-account/profile" {...props}>
      {face}
    </AppLink>
  )
  if (!mounted) return link
  return (
    <Suspense fallback={link}>
      <AccountMenu
        user={user}
        target={
          <button type="button" {...props}>
            {face}
          </button>
        }
      />
    </Suspense>
  )
}
