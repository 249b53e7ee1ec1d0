import { Button, Group, SimpleGrid, TextInput } from '@mantine/core'
import { ProfileUpdateInput } from '#common/auth.ts'
import { applyMask, PHONE_MASK } from '#common/masks.ts'
import { MaskedInput } from '../MaskedInput.tsx'
import { ProfileSection, SectionAlert } from './ProfileSection.tsx'
import { useSectionForm } from './use-section-form.ts'

/** «Личные данные»: name and phone. */
export function PersonalDataSection({ me }: { me: { name: string; phone: string | null } }) {
  const { fetcher, formRef, onSubmit, onEdit, pending, fieldErrors, message, values } = useSectionForm({
    schema: ProfileUpdateInput,
    success: 'Личные данные сохранены',
  })
  return (
    <ProfileSection id="profile-personal" title="Личные данные">
      <SectionAlert message={message} />
      <fetcher.Form method="post" ref={formRef} onSubmit={onSubmit} onChange={onEdit} noValidate>
        <input type="hidden" name="intent" value="profile" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            name="name"
            label="Имя и фамилия"
            autoComplete="name"
            required
            maxLength={120}
            defaultValue={values.name ?? me.name}
            error={fieldErrors.name}
          />
          <MaskedInput
            name="phone"
            label="Телефон"
            mask={PHONE_MASK}
            placeholder="+7 (___) ___-__-__"
            autoComplete="tel"
            inputMode="tel"
            defaultValue={values.phone ?? (me.phone ? applyMask(PHONE_MASK, me.phone) : '')}
            error={fieldErrors.phone}
          />
        </SimpleGrid>
        <Group mt="md">
          <Button type="submit" loading={pending}>
            Сохранить
          </Button>
        </Group>
      </fetcher.Form>
    </ProfileSection>
  )
}
