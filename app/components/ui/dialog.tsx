import { IconX } from '@tabler/icons-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import ui from './ui.module.css'

/**
 * A modal window as the browser's own `<dialog>`: it keeps focus inside, closes on Escape and
 * makes the rest of the page inert, with no library. The content is mounted only while it is
 * open; the element marked `data-autofocus` gets the focus, as in Mantine's Modal.
 */
export function Dialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean
  onClose: () => void
  title: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (opened && !dialog.open) {
      dialog.showModal()
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!opened && dialog.open) {
      dialog.close()
    }
  }, [opened])
  return (
    <dialog
      ref={ref}
      className={ui.dialog}
      aria-labelledby={titleId}
      // Escape, or close() from outside: the owner's state follows.
      onClose={() => opened && onClose()}
      // A click on the backdrop (the dialog element itself, outside its content) closes it.
      onClick={(event) => event.target === ref.current && onClose()}
    >
      {opened && (
        <>
          <div className={ui.dialogHeader}>
            <h2 className={ui.dialogTitle} id={titleId}>
              {title}
            </h2>
            <button type="button" className={ui.iconButton} aria-label="Закрыть" onClick={onClose}>
              <IconX size={18} aria-hidden="true" />
            </button>
          </div>
          <div className={ui.dialogBody}>{children}</div>
        </>
      )}
    </dialog>
  )
}
