import type { ReactNode } from 'react'
import { useRouteLoaderData } from 'react-router'
import { showCookieNotice } from '#app/lib/cookie-consent.ts'
import type { RootData } from '#app/lib/root-data.ts'
import { PLATFORM } from '#content/company.ts'
import { AppLink } from '../AppLink.tsx'
import ui from '../ui/ui.module.css'
import { INFO_LINKS, LEGAL_LINKS, type NavLink, PLATFORM_LINKS } from './nav-links.ts'
import classes from './SiteFooter.module.css'

const linkClass = `mantine-focus-auto ${classes.link}`

function LinkColumn({ title, links, children }: { title: string; links: NavLink[]; children?: ReactNode }) {
  return (
    <div className={classes.stack}>
      <h2 className={`${ui.title} ${ui.h5} ${classes.heading}`}>{title}</h2>
      {links.map((link) => (
        <AppLink key={link.to} to={link.to} className={linkClass}>
          {link.label}
        </AppLink>
      ))}
      {children}
    </div>
  )
}

export function SiteFooter() {
  // The same for every visitor (the site's configuration), so the cached guest page may carry it.
  const metrikaId = (useRouteLoaderData('root') as RootData | undefined)?.publicConfig.metrikaId
  return (
    <footer className={classes.footer}>
      <div className={`${ui.container} ${classes.inner}`}>
        <div className={classes.columns}>
          <div className={classes.stack}>
            <p className={`${ui.text} ${ui.xl} ${classes.brand}`}>{PLATFORM.brand}</p>
            <p className={`${ui.text} ${ui.sm} ${classes.muted}`}>{PLATFORM.tagline}</p>
            <a href={PLATFORM.contacts.phoneHref} className={linkClass}>
              {PLATFORM.contacts.phone}
            </a>
            <a href={`mailto:${PLATFORM.contacts.email}`} className={linkClass}>
              {PLATFORM.contacts.email}
            </a>
            <p className={`${ui.text} ${ui.sm} ${classes.muted}`}>{PLATFORM.contacts.workingHours}</p>
          </div>
          <LinkColumn title="Сервисы платформы" links={PLATFORM_LINKS} />
          <LinkColumn title="Информация" links={INFO_LINKS} />
          <LinkColumn title="Правовая информация" links={LEGAL_LINKS}>
            {metrikaId && (
              <button
                type="button"
                className={`${linkClass} ${classes.linkButton}`}
                onClick={() => showCookieNotice('reopened')}
              >
                Настройки cookie-файлов
              </button>
            )}
          </LinkColumn>
        </div>
        <p className={`${ui.text} ${ui.xs} ${classes.muted} ${classes.legal}`}>
          © {new Date().getFullYear()} {PLATFORM.operator.shortName}. ИНН {PLATFORM.operator.inn}, ОГРН{' '}
          {PLATFORM.operator.ogrn}.
        </p>
      </div>
    </footer>
  )
}
