import {
  IconArrowsExchange,
  IconBriefcase,
  IconBuilding,
  IconClipboardList,
  IconFileInvoice,
  IconFileDollar,
  IconPackage,
  IconShieldCheck,
  IconUser,
} from '@tabler/icons-react'
import { Outlet, useLocation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { SignInRequired } from '#app/components/SignInRequired.tsx'
import ui from '#app/components/ui/ui.module.css'
import { SiteShell } from '#app/components/site/SiteShell.tsx'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/personal-account'
import classes from './personal-account.module.css'

/**
 * Every personal-account page needs sign-in. A guest gets this layout with the authentication
 * modal open instead of the page; after signing in the loaders run again and the page appears
 * at the same address.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { ctx } = getAppContext(context)
  return {
    signedIn: ctx.user !== null,
    isStaff: ctx.user?.isStaff ?? false,
    // A vendor's products, confirmed or not: an unconfirmed vendor prepares drafts already.
    isVendor: ctx.organization?.roles.some((r) => r.type === 'vendor') ?? false,
  }
}

/**
 * Every page of the account is someone's own, and the guest's version must not be served to a
 * signed-in user either: no cache keeps it (the server adds the same header to every response
 * built from the session cookie, plugins/session.ts). Pages below inherit this.
 */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

interface MenuEntry {
  to: string
  label: string
  Icon: typeof IconUser
  /** Another address prefix under which the entry is current (an order's page under «Заказы»). */
  also?: string
}

const MENU: MenuEntry[] = [
  { to: '/personal-account/profile', label: 'Профиль', Icon: IconUser },
  { to: '/personal-account/company', label: 'Компания', Icon: IconBuilding },
  // Purchases and sales alike; without an organization the page says where to get one.
  { to: '/personal-account/orders', label: 'Заказы', Icon: IconClipboardList, also: '/personal-account/order/' },
  // Invoices, УПД and acts, issued and received: the accountant's page.
  { to: '/personal-account/documents', label: 'Документы', Icon: IconFileInvoice },
  // Requests for commercial offers: the buyer's own and those asked of the seller.
  { to: '/personal-account/procurement', label: 'Запросы КП', Icon: IconFileDollar },
  // Requests for buyers, services and proposals for vendors; service orders for both sides.
  {
    to: '/personal-account/service-exchange',
    label: 'Биржа услуг',
    Icon: IconBriefcase,
    also: '/personal-account/service-order/',
  },
]
const VENDOR_MENU: MenuEntry[] = [
  { to: '/personal-account/products', label: 'Товары', Icon: IconPackage },
  // Goods, prices and stock from 1С, orders back: the groups' mapping and the log.
  { to: '/personal-account/exchange-1c', label: 'Обмен с 1С', Icon: IconArrowsExchange },
]
const STAFF_MENU: MenuEntry[] = [{ to: '/personal-account/staff', label: 'Модерация', Icon: IconShieldCheck }]

/** On a phone the menu is one row that scrolls: the current entry is brought into it. */
function scrollIntoRow(link: HTMLAnchorElement | null) {
  const row = link?.parentElement
  if (!link || !row || row.scrollWidth <= row.clientWidth) return
  row.scrollLeft = link.offsetLeft - row.offsetLeft - 8
}

/** The layout's own failure: the error page with the site's header and footer, without the account's menu. */
export { ShellErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function PersonalAccountLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation()
  const menu = [...MENU, ...(loaderData.isVendor ? VENDOR_MENU : []), ...(loaderData.isStaff ? STAFF_MENU : [])]
  return (
    <SiteShell>
      <div className={`${ui.container} ${classes.page}`}>
        {loaderData.signedIn ? (
          <div className={classes.columns}>
            <nav aria-label="Личный кабинет" className={`${ui.panel} ${classes.menu}`}>
              {menu.map(({ to, label, Icon, also }) => {
                const isCurrent = pathname.startsWith(to) || (also !== undefined && pathname.startsWith(also))
                return (
                  <AppLink
                    key={to}
                    to={to}
                    className={classes.entry}
                    data-active={isCurrent || undefined}
                    aria-current={isCurrent ? 'page' : undefined}
                    ref={isCurrent ? scrollIntoRow : undefined}
                  >
                    <Icon size={18} aria-hidden="true" className={classes.entryIcon} />
                    <span>{label}</span>
                  </AppLink>
                )
              })}
            </nav>
            <div className={classes.main}>
              <Outlet />
            </div>
          </div>
        ) : (
          <SignInRequired title="Личный кабинет" text="Войдите или зарегистрируйтесь, чтобы открыть эту страницу." />
        )}
      </div>
    </SiteShell>
  )
}
