import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core'
import { AUTH_MESSAGES, PASSWORD_LIMITS, Password } from '#common/auth.ts'
import { z } from '#common/zod.ts'
import { api } from '#app/lib/api.ts'
import { setAuthMode } from '#app/lib/auth-modal.ts'
import { showToast } from '#app/lib/notify.ts'
import { useAuthForm, useCompleteSignIn } from './use-auth-form.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

const PASSWORDS_DIFFER = 'Пароли не совпадают'

/** The new password twice; the server checks the token (PasswordResetConfirmInput). */
const NewPasswordForm = z
  .object({ password: Password, passwordRepeat: z.string() })
  .refine((v) => v.password === v.passwordRepeat, { path: ['passwordRepeat'], message: PASSWORDS_DIFFER })

/** «Новый пароль»: opened by the link from the e-mail (`/?resetToken=…`); signs the user in. */
export function ResetConfirmForm({ token }: { token: string }) {
  const completeSignIn = useCompleteSignIn()
  const { errors, pending, onSubmit, formRef } = useAuthForm({
    schema: NewPasswordForm,
    fields: ['password', 'passwordRepeat'],
    submit: async (values) => {
      await api.post('/auth/password-reset/confirm', { token, password: values.password })
      await completeSignIn()
      showToast('Пароль изменён, вы вошли в аккаунт', 'success')
    },
  })

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {errors.message && (
          <Alert color="red" role="alert">
            {errors.message}
            {errors.message === AUTH_MESSAGES.resetInvalid && (
              <>
                {' '}
                <Anchor component="button" type="button" inherit onClick={() => setAuthMode('resetRequest')}>
                  Запросить новую ссылку
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <PasswordInput
          name="password"
          label="Новый пароль"
          description={`Не короче ${formatCount(PASSWORD_LIMITS.min, CHARACTERS_UP_TO)}`}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_LIMITS.max}
          data-autofocus
          error={errors.fields.password}
        />
        <PasswordInput
          name="passwordRepeat"
          label="Повторите пароль"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_LIMITS.max}
          error={errors.fields.passwordRepeat}
        />
        <Button type="submit" loading={pending} fullWidth>
          Сохранить пароль
        </Button>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={() => setAuthMode('signIn')}>
            Вернуться ко входу
          </Anchor>
        </Text>
      </Stack>
    </form>
  )
}
