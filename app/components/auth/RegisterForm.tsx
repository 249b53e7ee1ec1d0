import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { EMAIL_MESSAGES, PASSWORD_LIMITS, RegisterInput } from '#common/auth.ts'
import { PHONE_MASK } from '#common/masks.ts'
import { api } from '#app/lib/api.ts'
import { setAuthMode } from '#app/lib/auth-modal.ts'
import { MaskedInput } from '../MaskedInput.tsx'
import { useAuthForm } from './use-auth-form.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

const FIELDS = ['name', 'email', 'phone', 'password', 'consent'] as const

/**
 * «Регистрация»: name, e-mail, optional phone, password, consent to the user agreement. The account
 * is created when the link sent to the address is opened (EmailLinkResult).
 */
export function RegisterForm() {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { errors, pending, onSubmit, formRef } = useAuthForm({
    schema: RegisterInput,
    fields: FIELDS,
    submit: async (values) => {
      await api.post('/auth/register', {
        name: values.name,
        email: values.email,
        phone: values.phone ?? '',
        password: values.password,
        consent: values.consent === 'on',
      })
      setSentTo(values.email!.trim().toLowerCase())
    },
  })

  // The same answer whether or not the address has an account: the letter tells its owner which.
  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert color="teal" role="status" title="Проверьте почту">
          {EMAIL_MESSAGES.registrationSent(sentTo)}
        </Alert>
        <Text size="sm">
          Письмо не пришло? Проверьте папку «Спам» или отправьте форму ещё раз через несколько минут.
        </Text>
        <Button variant="default" onClick={() => setSentTo(null)} fullWidth data-autofocus>
          Отправить ещё раз
        </Button>
      </Stack>
    )
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {errors.message && (
          <Alert color="red" role="alert">
            {errors.message}
          </Alert>
        )}
        <TextInput
          name="name"
          label="Имя и фамилия"
          autoComplete="name"
          required
          maxLength={120}
          data-autofocus
          error={errors.fields.name}
        />
        <TextInput
          name="email"
          type="email"
          label="Электронная почта"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          error={errors.fields.email}
        />
        <MaskedInput
          name="phone"
          label="Телефон"
          description="Необязательно"
          mask={PHONE_MASK}
          placeholder="+7 (___) ___-__-__"
          autoComplete="tel"
          inputMode="tel"
          error={errors.fields.phone}
        />
        <PasswordInput
          name="password"
          label="Пароль"
          description={`Не короче ${formatCount(PASSWORD_LIMITS.min, CHARACTERS_UP_TO)}`}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_LIMITS.max}
          error={errors.fields.password}
        />
        <Checkbox
          name="consent"
          error={errors.fields.consent}
          label={
            <>
              Я принимаю{' '}
              <Anchor href="/legal-information/user-agreement" target="_blank" inherit>
                пользовательское соглашение
              </Anchor>{' '}
              и даю{' '}
              <Anchor href="/legal-information/personal-data-processing-agreement" target="_blank" inherit>
                согласие на обработку персональных данных
              </Anchor>
            </>
          }
        />
        <Button type="submit" loading={pending} fullWidth>
          Зарегистрироваться
        </Button>
        <Text size="sm" ta="center">
          Уже есть аккаунт?{' '}
          <Anchor component="button" type="button" onClick={() => setAuthMode('signIn')}>
            Войти
          </Anchor>
        </Text>
      </Stack>
    </form>
  )
}
