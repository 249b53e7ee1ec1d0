import type { ReactNode } from 'react'
import classes from './catalog.module.css'

/**
 * HTML invoker commands: the browser opens and closes the dialog itself, so the drawer works
 * before (and without) JavaScript where supported. React passes unknown lowercase attributes on.
 */
const invoker = (dialogId: string, command: 'show-modal' | 'close') =>
  ({ commandfor: dialogId, command }) as Record<string, string>

const dialogOf = (id: string) => document.getElementById(id) as HTMLDialogElement | null

/** The phone's «Фильтры» button with the number of active filters; hidden from 768 px. */
export function FiltersButton({ dialogId, activeCount }: { dialogId: string; activeCount: number }) {
  return (
    <button
      type="button"
      className={classes.filtersButton}
      aria-haspopup="dialog"
      aria-label={activeCount > 0 ? `Фильтры, выбрано: ${activeCount}` : undefined}
      onClick={() => dialogOf(dialogId)?.showModal()}
      {...invoker(dialogId, 'show-modal')}
    >
      Фильтры
      {activeCount > 0 && (
        <span className={classes.badge} aria-hidden="true">
          {activeCount}
        </span>
      )}
    </button>
  )
}

/**
 * The filters in a native <dialog>: below 768 px a modal drawer (the browser traps the focus and
 * closes it on Escape); from 768 px, closed, CSS shows it in place as the sidebar.
 */
export function FilterDrawer({ dialogId, children }: { dialogId: string; children: (close: () => void) => ReactNode }) {
  const close = () => dialogOf(dialogId)?.close()
  const titleId = `${dialogId}-title`
  return (
    <dialog
      id={dialogId}
      className={classes.drawer}
      aria-labelledby={titleId}
      // A click on the backdrop lands on the dialog itself.
      onClick={(e) => e.target === e.currentTarget && close()}
    >
      <div className={classes.drawerHead}>
        <h2 id={titleId} className={classes.drawerTitle}>
          Фильтры
        </h2>
        <button
          type="button"
          className={classes.drawerClose}
          aria-label="Закрыть фильтры"
          onClick={close}
          {...invoker(dialogId, 'close')}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children(close)}
    </dialog>
  )
}
