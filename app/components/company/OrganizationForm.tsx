import { Alert, Button, Grid, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { isSoleTrader, LEGAL_FORM_LABELS, LEGAL_FORMS, type LegalForm } from '#common/organizations.ts'
import { fieldErrors, OrganizationInput } from '#common/organizations.schemas.ts'
import { formValues } from '#app/lib/action-result.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import { useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'
import { type OrganizationLayout, OrganizationFields } from './OrganizationFields.tsx'

const LAYOUT: OrganizationLayout = [
  ['shortName', 8],
  ['fullName', 12],
  ['inn', 4],
  ['kpp', 4],
  ['ogrn', 4],
  ['legalAddress', 12],
  ['contactEmail', 6],
  ['contactPhone', 6],
  ['website', 12],
]
const FIELDS = ['legalForm', ...LAYOUT.map(([name]) => name)]
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
  const edits = useEditedFields(failure, clientErrors)
  const errors = withoutEdited({ ...serverErrors, ...clientErrors }, edits.edited)
  const existingOrganizationId = failure?.fieldErrors.existingOrganizationId

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = OrganizationInput.safeParse(formValues(new FormData(event.currentTarget)))
    setClientErrors(parsed.success ? {} : fieldErrors(parsed.error))
    if (!parsed.success) event.preventDefault()
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="organization-form-title">
      <Title order={2} size="h3" id="organization-form-title" mb="md">
        Регистрация организации
      </Title>
      <fetcher.Form method="post" noValidate onSubmit={validate} onChange={edits.onEdit}>
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
            <OrganizationFields
              layout={LAYOUT}
              values={(name) => values[name]}
              errors={errors}
              soleTrader={soleTrader}
              registering
            />
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
