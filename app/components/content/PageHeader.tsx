import { Fragment, type ReactNode } from 'react'
import { AppLink } from '../AppLink.tsx'
import ui from '../ui/ui.module.css'
import classes from './content.module.css'

export interface Crumb {
  to: string
  label: string
}

/** Breadcrumbs, the page's only h1, and its lead paragraph. */
export function PageHeader({
  title,
  lead,
  crumbs,
  children,
}: {
  title: string
  lead?: string
  crumbs: Crumb[]
  children?: ReactNode
}) {
  return (
    <div className={classes.header}>
      <nav aria-label="Хлебные крошки">
        <div className={classes.crumbs}>
          <AppLink to="/" className={`mantine-focus-auto ${ui.anchor} ${classes.crumb}`}>
            Главная
          </AppLink>
          {crumbs.map((crumb) => (
            <Fragment key={crumb.to}>
              <div className={classes.separator}>›</div>
              <AppLink to={crumb.to} className={`mantine-focus-auto ${ui.anchor} ${classes.crumb}`}>
                {crumb.label}
              </AppLink>
            </Fragment>
          ))}
        </div>
      </nav>
      <h1 className={`${ui.title} ${ui.h1}`}>{title}</h1>
      {lead && <p className={`${ui.text} ${ui.lg} ${ui.dimmed} ${classes.lead}`}>{lead}</p>}
      {children}
    </div>
  )
}
