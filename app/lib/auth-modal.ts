import { createStore, useStore } from './store.ts'

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

/** The button that opened the window, whose purpose it states (the words are AuthModal's, loaded with it). */
export type SignInReason = 'cart' | 'chat' | 'propose'

interface AuthModalState {
  opened: boolean
  mode: AuthMode
  /** The button that opened it, when one did; kept while the user switches to registration. */
  reason?: SignInReason
  /** The token from a password-reset link, for 'resetConfirm'. */
  resetToken?: string
  /** The link being opened, for 'emailLink'. */
  emailLink?: EmailLink
}

const authModal = createStore<AuthModalState>({ opened: false, mode: 'signIn' })

export function openAuthModal(mode: AuthMode = 'signIn', options: { resetToken?: string; reason?: SignInReason } = {}) {
  authModal.set({ opened: true, mode, ...options })
}

export function openEmailLink(emailLink: EmailLink) {
  authModal.set({ opened: true, mode: 'emailLink', emailLink })
}

export function setAuthMode(mode: AuthMode) {
  authModal.update((state) => ({ ...state, mode }))
}

export function closeAuthModal() {
  authModal.update((state) => ({ ...state, opened: false }))
}

export function useAuthModal(): AuthModalState {
  return useStore(authModal)
}
