import { Alert, Button, Grid, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { INN_LEGAL_MASK, INN_PERSON_MASK, KPP_MASK, OGRN_MASK, OGRNIP_MASK, PHONE_MASK } from '#common/masks.ts'
import { isSoleTrader, LEGAL_FORM_LABELS, LEGAL_FORMS, type LegalForm } from '#common/organizations.ts'
import { fieldErrors, ORGANIZATION_LIMITS, OrganizationInput } from '#common/organizations.schemas.ts'
import { formValues } from '#app/lib/form-result.ts'
import { MaskedInput } from '../MaskedInput.tsx'
import { useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'

const FIELDS = [
  'legalForm',
  'fullName',
  'shortName',
  'inn',
  'kpp',
  'ogrn',
  'legalAddress',
  'contactEmail',
  'contactPhone',
  'website',
] as const
const LEGAL_FORM_OPTIONS = LEGAL_FORMS.map((value) => ({ value, label: LEGAL_FORM_LABELS[value] }))

/**
 * Registers an organization. Checked in the browser with the schema the server uses; on any
 * refusal what was typed stays. An INN that is already registered offers a request to join.
 */
export function OrganizationForm() {
  const { fetcher, failure, errors: serverErrors, values, busy } = useCompanyFetcher('organization-create')
  const join = useCompanyFetcher('organization-join')
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const [legalForm, setLegalForm] = useState<LegalForm>((values.legalForm as LegalForm) || 'ooo')
  const soleTrader = isSoleTrader(legalForm)
  const errors = { ...serverErrors, ...clientErrors }
  const existingOrganizationId = failure?.fieldErrors.existingOrganizationId

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = OrganizationInput.safeParse(formValues(new FormData(event.currentTarget)))
    setClientErrors(parsed.success ? {} : fieldErrors(parsed.error))
    if (!parsed.success) event.preventDefault()
  }

  const field = (name: (typeof FIELDS)[number]) => ({ name, defaultValue: values[name], error: errors[name] })

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="organization-form-title">
      <Title order={2} size="h3" id="organization-form-title" mb="md">
        Регистрация организации
      </Title>
      <fetcher.Form method="post" noValidate onSubmit={validate}>
        <input type="hidden" name="intent" value="create" />
        <Stack gap="md">
          <FormMessage failure={failure} fields={FIELDS} />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NativeSelect
                label="Форма"
                description="Организационно-правовая форма"
                data={LEGAL_FORM_OPTIONS}
                required
                value={legalForm}
                onChange={(e) => setLegalForm(e.currentTarget.value as LegalForm)}
                name="legalForm"
                error={errors.legalForm}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label="Краткое наименование"
                description="Так организацию увидят на платформе"
                placeholder={soleTrader ? 'ИП Иванов И. И.' : 'ООО «Аэросъёмка»'}
                required
                maxLength={ORGANIZATION_LIMITS.shortName}
                autoComplete="organization"
                {...field('shortName')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="Полное наименование"
                placeholder={
                  soleTrader
                    ? 'Индивидуальный предприниматель Иванов Иван Иванович'
                    : 'Общество с ограниченной ответственностью «Аэросъёмка»'
                }
                required
                maxLength={ORGANIZATION_LIMITS.fullName}
                {...field('fullName')}
              />
            </Grid.Col>
            {/* The masks change with the legal form, so the inputs start afresh when it does. */}
            <Grid.Col span={{ base: 12, sm: 4 }} key={`inn-${soleTrader}`}>
              <MaskedInput
                label="ИНН"
                description={soleTrader ? '12 цифр' : '10 цифр'}
                mask={soleTrader ? INN_PERSON_MASK : INN_LEGAL_MASK}
                inputMode="numeric"
                required
                {...field('inn')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {soleTrader ? (
                <TextInput label="КПП" description="У ИП нет КПП" disabled value="" readOnly />
              ) : (
                <MaskedInput label="КПП" description="9 символов" mask={KPP_MASK} required {...field('kpp')} />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }} key={`ogrn-${soleTrader}`}>
              <MaskedInput
                label={soleTrader ? 'ОГРНИП' : 'ОГРН'}
                description={soleTrader ? '15 цифр' : '13 цифр'}
                mask={soleTrader ? OGRNIP_MASK : OGRN_MASK}
                inputMode="numeric"
                required
                {...field('ogrn')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="Юридический адрес"
                placeholder="117312, г. Москва, ул. Вавилова, д. 19"
                required
                maxLength={ORGANIZATION_LIMITS.address}
                autoComplete="street-address"
                {...field('legalAddress')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Электронная почта для связи"
                type="email"
                required
                autoComplete="email"
                {...field('contactEmail')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <MaskedInput
                label="Телефон для связи"
                mask={PHONE_MASK}
                inputMode="tel"
                autoComplete="tel"
                required
                {...field('contactPhone')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput label="Сайт" placeholder="company.ru" autoComplete="url" {...field('website')} />
            </Grid.Col>
          </Grid>
          {existingOrganizationId && (
            <Alert color="blue" title="Организация уже зарегистрирована">
              <Stack gap="xs">
                <Text size="sm">Если вы работаете в ней, попросите владельца добавить вас — он получит письмо.</Text>
                <FormMessage success={join.success} failure={join.failure} />
                {!join.success && (
                  <div>
                    <Button
                      variant="light"
                      loading={join.busy}
                      onClick={() =>
                        join.fetcher.submit({ intent: 'joinRequest', inn: values.inn ?? '' }, { method: 'post' })
                      }
                    >
                      Попросить доступ
                    </Button>
                  </div>
                )}
              </Stack>
            </Alert>
          )}
          <div>
            <Button
              type="submit"
              size="md"
              loading={busy}
              w={{ base: '100%', xs: 'auto' }}
              h="auto"
              mih={42}
              py={8}
              styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
            >
              Зарегистрировать организацию
            </Button>
          </div>
        </Stack>
      </fetcher.Form>
    </Paper>
  )
}
