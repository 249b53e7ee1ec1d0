import { Alert, Button, Group, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core'
import { EMAIL_MESSAGES, EmailChangeInput } from '#common/auth.ts'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import { ProfileSection, SectionAlert } from './ProfileSection.tsx'
import { useSectionForm } from './use-section-form.ts'

interface EmailSectionProps {
  email: string
  confirmed: boolean
  /** A change waiting for the link sent to the new address. */
  pending: { email: string; expiresAt: string } | null
}

/**
 * «Электронная почта»: a new sign-in address, asked for with the current password and made the
 * account's only when the link sent to it is opened; the old address is told and can cancel.
 */
export function EmailSection({ email, confirmed, pending }: EmailSectionProps) {
  const {
    fetcher,
    formRef,
    onSubmit,
    onEdit,
    pending: changing,
    fieldErrors,
    message,
    values,
  } = useSectionForm({
    schema: EmailChangeInput,
    success: 'Ссылка отправлена',
    resetOnSuccess: true,
  })
  const cancel = useSectionForm({ success: 'Смена адреса отменена' })
  const confirm = useSectionForm({ success: EMAIL_MESSAGES.confirmationSent })
  return (
    <ProfileSection
      id="profile-email"
      title="Электронная почта"
      lead={
        <>
          Сейчас вы входите с адресом <b>{email}</b>. Новый адрес начнёт действовать, когда вы откроете ссылку из письма
          на него; на прежний придёт уведомление со ссылкой для отмены.
        </>
      }
    >
      {!confirmed && (
        <Alert color="yellow" title="Адрес не подтверждён" mb="md">
          <Text size="sm">Подтвердите адрес, чтобы принимать приглашения в организации.</Text>
          <SectionAlert message={confirm.message} />
          <confirm.fetcher.Form method="post">
            <input type="hidden" name="intent" value="confirmEmail" />
            <Button type="submit" variant="default" size="xs" mt="xs" loading={confirm.pending}>
              Отправить ссылку для подтверждения
            </Button>
          </confirm.fetcher.Form>
        </Alert>
      )}
      {pending && (
        <Alert color="blue" title="Ожидает подтверждения" mb="md" role="status">
          <Text size="sm">
            {EMAIL_MESSAGES.changeSent(pending.email)} Ссылка действует до {formatDateTimeNumeric(pending.expiresAt)}.
          </Text>
          <SectionAlert message={cancel.message} />
          <cancel.fetcher.Form method="post">
            <input type="hidden" name="intent" value="cancelEmailChange" />
            <Button type="submit" variant="default" size="xs" mt="xs" loading={cancel.pending}>
              Отменить смену адреса
            </Button>
          </cancel.fetcher.Form>
        </Alert>
      )}
      <SectionAlert message={message} />
      <fetcher.Form method="post" ref={formRef} onSubmit={onSubmit} onChange={onEdit} noValidate>
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
          <Button type="submit" loading={changing}>
            Изменить адрес
          </Button>
        </Group>
      </fetcher.Form>
    </ProfileSection>
  )
}
