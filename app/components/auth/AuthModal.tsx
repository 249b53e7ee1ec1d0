import { Alert, Modal } from '@mantine/core'
import { type AuthMode, closeAuthModal, type SignInReason, useAuthModal } from '#app/lib/auth-modal.ts'
import { MantineScope } from '../MantineScope.tsx'
import { EmailLinkResult } from './EmailLinkResult.tsx'
import { RegisterForm } from './RegisterForm.tsx'
import { ResetConfirmForm } from './ResetConfirmForm.tsx'
import { ResetRequestForm } from './ResetRequestForm.tsx'
import { SignInForm } from './SignInForm.tsx'

/** Why the window opened from a button, said above the form: what signing in is for. */
const SIGN_IN_REASONS: Record<SignInReason, string> = {
  cart: 'Войдите, чтобы добавить товар в корзину: он окажется там сразу после входа.',
  chat: 'Войдите, чтобы написать продавцу.',
  propose: 'Войдите, чтобы откликнуться на заявку.',
}

const TITLES: Record<AuthMode, string> = {
  signIn: 'Вход',
  register: 'Регистрация',
  resetRequest: 'Восстановление пароля',
  resetConfirm: 'Новый пароль',
  emailLink: 'Подтверждение адреса',
}

/**
 * The authentication modal (spec section 4), driven by the auth-modal store. Loaded lazily by
 * AuthHost on first open; each mode's form mounts afresh, with the focus on its first field.
 */
export default function AuthModal() {
  const { opened, mode, resetToken, emailLink, reason } = useAuthModal()
  // Without a token there is nothing to confirm: ask for a new link instead.
  const shown: AuthMode = mode === 'resetConfirm' && !resetToken ? 'resetRequest' : mode
  return (
    <MantineScope>
      <Modal
        opened={opened}
        onClose={closeAuthModal}
        title={TITLES[shown]}
        size="md"
        centered
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      >
        {reason && (shown === 'signIn' || shown === 'register') && (
          <Alert variant="light" color="blue" mb="md" data-testid="sign-in-reason">
            {SIGN_IN_REASONS[reason]}
          </Alert>
        )}
        {shown === 'signIn' && <SignInForm />}
        {shown === 'register' && <RegisterForm />}
        {shown === 'resetRequest' && <ResetRequestForm />}
        {shown === 'resetConfirm' && resetToken && <ResetConfirmForm key={resetToken} token={resetToken} />}
        {shown === 'emailLink' && emailLink && <EmailLinkResult key={emailLink.token} link={emailLink} />}
      </Modal>
    </MantineScope>
  )
}
