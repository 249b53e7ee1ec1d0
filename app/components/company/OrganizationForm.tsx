import { Alert, Button, Grid, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import { type FormEvent, type RefObject, useRef, useState } from 'react'
import { isSoleTrader, LEGAL_FORM_LABELS, LEGAL_FORMS, type LegalForm } from '#common/organizations.ts'
import { fieldErrors, OrganizationInput } from '#common/organizations.schemas.ts'
import { formValues } from '#app/lib/action-result.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import { api } from '#app/lib/api.ts'
import { isApiError } from '#app/lib/api-client.ts'
import type { CompanyFacts } from '#common/company-facts.ts'
import { useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'
import { type OrganizationLayout, OrganizationFields } from './OrganizationFields.tsx'

// The INN first: with a company-data provider the rest of the details fill themselves from it.
const INN_LAYOUT: OrganizationLayout = [['inn', 4]]
const LAYOUT: OrganizationLayout = [
  ['shortName', 8],
  ['fullName', 12],
  ['kpp', 4],
  ['ogrn', 4],
  ['legalAddress', 12],
  ['contactEmail', 6],
  ['contactPhone', 6],
  ['website', 12],
]
const FIELDS = ['legalForm', 'inn', ...LAYOUT.map(([name]) => name)]
/** What the register fills in the form: everything it knows that the form asks for. */
const FILLED = ['shortName', 'fullName', 'kpp', 'ogrn', 'legalAddress'] as const
const LEGAL_FORM_OPTIONS = LEGAL_FORMS.map((value) => ({ value, label: LEGAL_FORM_LABELS[value] }))

/**
 * Registers an organization. Checked in the browser with the schema the server uses; on any
 * refusal what was typed stays. An INN that is already registered offers a request to join. With
 * `companyLookup` (a company-data provider is configured) «Заполнить по ИНН» fills the name, KPP,
 * OGRN and address from the state register.
 */
export function OrganizationForm({ companyLookup = false }: { companyLookup?: boolean }) {
  const { fetcher, failure, errors: serverErrors, values, busy } = useCompanyFetcher('organization-create')
  const join = useCompanyFetcher('organization-join')
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const [legalForm, setLegalForm] = useState<LegalForm>((values.legalForm as LegalForm) || 'ooo')
  const soleTrader = isSoleTrader(legalForm)
  const edits = useEditedFields(failure, clientErrors)
  const errors = withoutEdited({ ...serverErrors, ...clientErrors }, edits.edited)
  const existingOrganizationId = failure?.fieldErrors.existingOrganizationId
  const formRef = useRef<HTMLFormElement>(null)
  const lookup = useCompanyLookup(formRef, (form) => setLegalForm(form))
  // The register's details replace what the inputs start with; a new version remounts them.
  const startWith = (name: string) => lookup.filled?.[name] ?? values[name]

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
      <fetcher.Form method="post" noValidate onSubmit={validate} onChange={edits.onEdit} ref={formRef}>
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
              layout={INN_LAYOUT}
              values={startWith}
              errors={errors}
              soleTrader={soleTrader}
              registering
            />
            {companyLookup && (
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <Stack gap={4} mt={{ base: 0, sm: 25 }}>
                  <div>
                    <Button variant="light" loading={lookup.busy} onClick={lookup.run}>
                      Заполнить по ИНН
                    </Button>
                  </div>
                  <Text size="sm" c={lookup.problem ? 'red.8' : 'dimmed'} role="status">
                    {lookup.problem ??
                      lookup.note ??
                      'Наименование, КПП, ОГРН и адрес подставятся из ЕГРЮЛ или ЕГРИП — проверьте их'}
                  </Text>
                </Stack>
              </Grid.Col>
            )}
            <OrganizationFields
              key={lookup.version}
              layout={LAYOUT}
              values={startWith}
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

/**
 * «Заполнить по ИНН»: asks the register (GET /organizations/lookup) for the INN typed and gives
 * the details to fill in, or says why it could not. `version` changes with every fill, so the
 * inputs start again from the new details.
 */
function useCompanyLookup(formRef: RefObject<HTMLFormElement | null>, onLegalForm: (form: LegalForm) => void) {
  const [state, setState] = useState<{
    busy: boolean
    filled: Record<string, string> | null
    version: number
    note: string | null
    problem: string | null
  }>({ busy: false, filled: null, version: 0, note: null, problem: null })

  async function run() {
    const inn = String(new FormData(formRef.current ?? undefined).get('inn') ?? '').replace(/\D/g, '')
    if (!inn) return setState((s) => ({ ...s, problem: 'Сначала укажите ИНН', note: null }))
    setState((s) => ({ ...s, busy: true, problem: null, note: null }))
    try {
      const { data: facts } = await api.get<{ data: CompanyFacts }>('/organizations/lookup', { query: { inn } })
      const filled: Record<string, string> = { inn }
      for (const name of FILLED) filled[name] = facts[name] ?? ''
      if (facts.legalForm) onLegalForm(facts.legalForm)
      setState((s) => ({
        busy: false,
        filled,
        version: s.version + 1,
        problem: null,
        note: facts.active
          ? 'Данные из реестра подставлены — проверьте их перед регистрацией'
          : 'Внимание: по данным реестра организация ликвидируется или ликвидирована',
      }))
    } catch (error) {
      const problem = isApiError(error) ? (error.fields?.inn ?? error.message) : 'Не удалось получить данные'
      setState((s) => ({ ...s, busy: false, problem }))
    }
  }

  return { ...state, run }
}
