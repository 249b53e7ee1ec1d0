import { IconLock } from '@tabler/icons-react'
import { useEffect } from 'react'
import { openAuthModal } from '#app/lib/auth-modal.ts'
import { buttonClass } from './ui/button.tsx'
import ui from './ui/ui.module.css'

/**
 * What a page for signed-in users shows a guest: its title, what signing in gives, and the sign-in
 * modal, opened at once (spec section 4) and again from the button.
 */
export function SignInRequired({ title, text }: { title: string; text: string }) {
  useEffect(() => openAuthModal('signIn'), [])
  return (
    <section className={`${ui.panel} ${ui.stack} ${ui.message} ${ui.messageCentered}`}>
      <IconLock size={40} aria-hidden="true" />
      <h1 className={`${ui.title} ${ui.h2}`}>{title}</h1>
      <p className={`${ui.text} ${ui.dimmed}`}>{text}</p>
      <button type="button" className={buttonClass()} onClick={() => openAuthModal('signIn')}>
        Войти
      </button>
    </section>
  )
}
