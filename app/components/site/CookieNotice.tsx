import { useEffect, useRef } from 'react'
import { metrikaRunning, startMetrika } from '#app/lib/analytics.ts'
import {
  consentCookie,
  type CookieConsent,
  hideCookieNotice,
  metrikaCookieRemovals,
  parseConsent,
  showCookieNotice,
  useCookieNotice,
} from '#app/lib/cookie-consent.ts'
import { AppLink } from '../AppLink.tsx'
import { buttonClass } from '../ui/button.tsx'
import ui from '../ui/ui.module.css'
import classes from './CookieNotice.module.css'

/**
 * The cookie notice the privacy policy promises (section 8.4): with a Metrika counter configured,
 * a visitor who has not chosen yet is asked whether analytics cookies may be used; the footer's
 * «Настройки cookie-файлов» asks again. Without a counter the site sets only strictly necessary
 * cookies and shows no notice. Rendered in the browser only, after hydration: the choice is the
 * visitor's own, and guests' pages are cached and shared.
 */
export function CookieNotice({ metrikaId }: { metrikaId: string | null }) {
  const state = useCookieNotice()
  const ref = useRef<HTMLElement>(null)

  useEffect(() => {
    if (metrikaId && parseConsent(document.cookie) === null) showCookieNotice('first-visit')
  }, [metrikaId])
  // Asked for from the footer: the keyboard goes where the choice is. A first visit keeps its focus.
  useEffect(() => {
    if (state === 'reopened') ref.current?.focus()
  }, [state])

  if (!metrikaId || state === 'closed') return null

  const choose = (choice: CookieConsent) => {
    document.cookie = consentCookie(choice, window.location.protocol === 'https:')
    hideCookieNotice()
    if (choice === 'analytics') return startMetrika()
    if (metrikaRunning()) {
      // Withdrawn: the counter cannot be unloaded from this page, so its cookies go and the page
      // loads again without it.
      for (const removal of metrikaCookieRemovals(document.cookie)) document.cookie = removal
      window.location.reload()
    }
  }

  return (
    <section ref={ref} tabIndex={-1} className={classes.notice} aria-label="Уведомление о cookie-файлах">
      <div className={`${ui.container} ${classes.inner}`}>
        <p className={`${ui.text} ${ui.sm} ${classes.message}`}>
          Мы используем cookie-файлы. Строго необходимые обеспечивают вход и защиту форм и работают всегда;
          аналитические («Яндекс Метрика») — только с вашего согласия. Подробнее — в{' '}
          <AppLink to="/legal-information/privacy-policy#cookies" className={`mantine-focus-auto ${ui.anchor}`}>
            Политике обработки персональных данных
          </AppLink>
          .
        </p>
        <div className={classes.actions}>
          <button type="button" className={buttonClass()} onClick={() => choose('analytics')}>
            Разрешить аналитику
          </button>
          <button type="button" className={buttonClass({ variant: 'default' })} onClick={() => choose('necessary')}>
            Только необходимые
          </button>
        </div>
      </div>
    </section>
  )
}
