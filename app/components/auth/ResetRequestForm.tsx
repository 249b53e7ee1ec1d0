import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { AUTH_MESSAGES, PasswordResetRequestInput } from '#common/auth.ts'
import { api } from '#app/lib/api.ts'
import { setAuthMode } from '#app/lib/auth-modal.ts'
import { useAuthForm } from './use-auth-form.ts'

/** «Восстановление пароля»: the same neutral answer whether or not the address is registered. */
export function ResetRequestForm() {
  const [sent, setSent] = useState(false)
  const { errors, pending, onSubmit, formRef } = useAuthForm({
    schema: PasswordResetRequestInput,
    fields: ['email'],
    submit: async (values) => {
      await api.post('/auth/password-reset', { email: values.email })
      setSent(true)
    },
  })

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {sent ? (
          <Alert color="teal" role="status">
            {AUTH_MESSAGES.resetSent}
          </Alert>
        ) : (
          <Text size="sm">Укажите адрес, с которым вы регистрировались: мы пришлём ссылку для смены пароля.</Text>
        )}
        {errors.message && (
          <Alert color="red" role="alert">
            {errors.message}
          </Alert>
        )}
        <TextInput
          name="email"
          type="email"
          label="Электронная почта"
          autoComplete="email"
          inputMode="email"
          required
          data-autofocus
          error={errors.fields.email}
        />
        <Button type="submit" loading={pending} fullWidth variant={sent ? 'default' : 'filled'}>
          {sent ? 'Отправить ещё раз' : 'Отправить ссылку'}
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
