import { useEffect } from 'react'
import { ANALYTICS_GOALS, MESSAGES } from '#common/messages.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import { reachGoal } from '#app/lib/analytics.ts'
import { AppLink } from './AppLink.tsx'
import classes from './ErrorView.module.css'
import { buttonClass, ButtonContent } from './ui/button.tsx'
import ui from './ui/ui.module.css'

const DESCRIPTIONS: Record<number, string> = {
  403: MESSAGES.forbiddenDescription,
  404: MESSAGES.notFoundDescription,
}

/** The spec's error page: heading, a description for 403 and 404 only, two ways out. */
export function ErrorView({ statusCode }: { statusCode: number }) {
  useEffect(() => {
    reachGoal(ANALYTICS_GOALS.error404, { statusCode, path: window.location.pathname })
  }, [statusCode])

  const description = DESCRIPTIONS[statusCode]
  return (
    <div className={`${ui.containerSm} ${classes.page}`} data-error-page>
      <h1 className={`${ui.title} ${ui.h1}`}>{MESSAGES.errorHeading(statusCode)}</h1>
      {description && <p className={`${ui.text} ${ui.lg} ${ui.dimmed}`}>{description}</p>}
      <div className={classes.actions}>
        <AppLink to={CATALOG_PATH} className={buttonClass({ size: 'md' })}>
          <ButtonContent>{MESSAGES.goToCatalog}</ButtonContent>
        </AppLink>
        <AppLink to="/" className={buttonClass({ variant: 'default', size: 'md' })}>
          <ButtonContent>{MESSAGES.goHome}</ButtonContent>
        </AppLink>
      </div>
    </div>
  )
}
