import { useSyncExternalStore } from 'react'

/**
 * The authentication modal's state (spec section 4: it opens on a 401 from any call but whoami,
 * and when a guest opens a page that needs sign-in). `AuthModal` renders it.
 */
export type AuthMode = 'signIn' | 'register' | 'resetRequest' | 'resetConfirm' | 'emailLink'

/** A link from a confirmation e-mail: `?confirmEmail=…` (to the new address) or `?cancelEmailChange=…` (to the old). */
export interface EmailLink {
  action: 'confirm' | 'cancel'
  token: string
}

interface AuthModalState {
  opened: boolean
  mode: AuthMode
  /** The token from a password-reset link, for 'resetConfirm'. */
  resetToken?: string
  /** The link being opened, for 'emailLink'. */
  emailLink?: EmailLink
}

let state: AuthModalState = { opened: false, mode: 'signIn' }
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function openAuthModal(mode: AuthMode = 'signIn', resetToken?: string) {
  state = { opened: true, mode, resetToken }
  emit()
}

export function openEmailLink(emailLink: EmailLink) {
  state = { opened: true, mode: 'emailLink', emailLink }
  emit()
}

export function setAuthMode(mode: AuthMode) {
  state = { ...state, mode }
  emit()
}

export function closeAuthModal() {
  state = { ...state, opened: false }
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  )
}
