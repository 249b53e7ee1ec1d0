import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { LoginInput } from '#common/auth.ts'
import { api } from '#app/lib/api.ts'
import { setAuthMode } from '#app/lib/auth-modal.ts'
import { useAuthForm, useCompleteSignIn } from './use-auth-form.ts'

/** «Вход»: e-mail and password. */
export function SignInForm() {
  const completeSignIn = useCompleteSignIn()
  const { errors, pending, onSubmit, formRef } = useAuthForm({
    schema: LoginInput,
    fields: ['email', 'password'],
    submit: async (values) => {
      await api.post('/auth/login', { email: values.email, password: values.password })
      await completeSignIn()
    },
  })

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {errors.message && (
          <Alert color="red" role="alert">
            {errors.message}
          </Alert>
        )}
        <TextInput
          name="email"
          type="email"
          label="Электронная почта"
          autoComplete="username"
          inputMode="email"
          required
          data-autofocus
          error={errors.fields.email}
        />
        <PasswordInput
          name="password"
          label="Пароль"
          autoComplete="current-password"
          required
          error={errors.fields.password}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={() => setAuthMode('resetRequest')}>
            Забыли пароль?
          </Anchor>
        </Group>
        <Button type="submit" loading={pending} fullWidth>
          Войти
        </Button>
        <Text size="sm" ta="center">
          Нет аккаунта?{' '}
          <Anchor component="button" type="button" onClick={() => setAuthMode('register')}>
            Зарегистрироваться
          </Anchor>
        </Text>
      </Stack>
    </form>
  )
}
