import { Button, Group, PasswordInput, SimpleGrid } from '@mantine/core'
import { PASSWORD_LIMITS } from '#common/auth.ts'
import { PasswordForm } from './profile-forms.ts'
import { ProfileSection, SectionAlert } from './ProfileSection.tsx'
import { useSectionForm } from './use-section-form.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/** «Пароль»: the current one, the new one twice. Every other session ends. */
export function PasswordSection({ email }: { email: string }) {
  const { fetcher, formRef, onSubmit, onEdit, pending, fieldErrors, message } = useSectionForm({
    schema: PasswordForm,
    success: 'Пароль изменён. Остальные сеансы завершены',
    resetOnSuccess: true,
  })
  return (
    <ProfileSection
      id="profile-password"
      title="Пароль"
      lead="После смены пароля все сеансы, кроме текущего, будут завершены."
    >
      <SectionAlert message={message} />
      <fetcher.Form method="post" ref={formRef} onSubmit={onSubmit} onChange={onEdit} noValidate>
        <input type="hidden" name="intent" value="password" />
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" defaultValue={email} hidden readOnly />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordInput
            name="currentPassword"
            label="Текущий пароль"
            autoComplete="current-password"
            required
            error={fieldErrors.currentPassword}
          />
          <PasswordInput
            name="newPassword"
            label="Новый пароль"
            description={`Не короче ${formatCount(PASSWORD_LIMITS.min, CHARACTERS_UP_TO)}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            required
            maxLength={PASSWORD_LIMITS.max}
            error={fieldErrors.newPassword}
          />
          <PasswordInput
            name="newPasswordRepeat"
            label="Повторите новый пароль"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_LIMITS.max}
            error={fieldErrors.newPasswordRepeat}
          />
        </SimpleGrid>
        <Group mt="md">
          <Button type="submit" loading={pending}>
            Изменить пароль
          </Button>
        </Group>
      </fetcher.Form>
    </ProfileSection>
  )
}
