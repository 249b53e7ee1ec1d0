import { Button, Group, PasswordInput, SimpleGrid, TextInput } from '@mantine/core'
import { EmailChangeInput } from '#common/auth.ts'
import { ProfileSection, SectionAlert } from './ProfileSection.tsx'
import { useSectionForm } from './use-section-form.ts'

/** «Электронная почта»: a new sign-in address, confirmed with the current password. */
export function EmailSection({ email }: { email: string }) {
  const { fetcher, formRef, onSubmit, pending, fieldErrors, message, values } = useSectionForm({
    schema: EmailChangeInput,
    success: 'Адрес электронной почты изменён',
    resetOnSuccess: true,
  })
  return (
    <ProfileSection
      id="profile-email"
      title="Электронная почта"
      lead={
        <>
          Сейчас вы входите с адресом <b>{email}</b>. На прежний адрес придёт уведомление о смене.
        </>
      }
    >
      <SectionAlert message={message} />
      <fetcher.Form method="post" ref={formRef} onSubmit={onSubmit} noValidate>
        <input type="hidden" name="intent" value="email" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            name="email"
            type="email"
            label="Новый адрес"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            defaultValue={values.email}
            error={fieldErrors.email}
          />
          <PasswordInput
            name="password"
            label="Текущий пароль"
            autoComplete="current-password"
            required
            error={fieldErrors.password}
          />
        </SimpleGrid>
        <Group mt="md">
          <Button type="submit" loading={pending}>
            Изменить адрес
          </Button>
        </Group>
      </fetcher.Form>
    </ProfileSection>
  )
}
