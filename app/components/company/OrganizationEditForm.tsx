import { Button, Grid, Group, Stack } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { applyMask, PHONE_MASK } from '#common/masks.ts'
import { isSoleTrader } from '#common/organizations.ts'
import { fieldErrors, legalFormIssues, OrganizationUpdateInput } from '#common/organizations.schemas.ts'
import { formValues } from '#app/lib/action-result.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import type { OrganizationView, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'
import { type OrganizationFieldName, type OrganizationLayout, OrganizationFields } from './OrganizationFields.tsx'

const LAYOUT: OrganizationLayout = [
  ['shortName', 6],
  ['kpp', 6],
  ['fullName', 12],
  ['legalAddress', 12],
  ['contactEmail', 6],
  ['contactPhone', 6],
  ['website', 6],
  ['region', 6],
  ['description', 12],
]
const FIELDS = LAYOUT.map(([name]) => name)

/** Editing the details; INN, OGRN and the legal form identify the organization and stay as they are. */
export function OrganizationEditForm({
  organization: org,
  fetcher: edit,
  onCancel,
}: {
  organization: OrganizationView
  fetcher: ReturnType<typeof useCompanyFetcher>
  onCancel: () => void
}) {
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const edits = useEditedFields(edit.failure, clientErrors)
  const errors = withoutEdited({ ...edit.errors, ...clientErrors }, edits.edited)
  const soleTrader = isSoleTrader(org.legalForm)
  // After a refusal the typed values come back; otherwise the stored ones.
  const initial = (name: OrganizationFieldName) =>
    edit.failure
      ? edit.values[name]
      : name === 'contactPhone'
        ? applyMask(PHONE_MASK, org.contactPhone)
        : (org[name] ?? '')

  function validate(event: FormEvent<HTMLFormElement>) {
    const values = formValues(new FormData(event.currentTarget))
    const parsed = OrganizationUpdateInput.safeParse(values)
    const found = parsed.success
      ? legalFormIssues({ legalForm: org.legalForm, kpp: parsed.data.kpp })
      : fieldErrors(parsed.error)
    setClientErrors(found)
    if (Object.keys(found).length) event.preventDefault()
  }

  return (
    <edit.fetcher.Form method="post" noValidate onSubmit={validate} onChange={edits.onEdit}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="organizationId" value={org.id} />
      <Stack gap="md">
        <FormMessage failure={edit.failure} fields={FIELDS} />
        <Grid>
          <OrganizationFields layout={LAYOUT} values={initial} errors={errors} soleTrader={soleTrader} />
        </Grid>
        <Group gap="sm">
          <Button type="submit" loading={edit.busy}>
            Сохранить
          </Button>
          <Button variant="default" onClick={onCancel}>
            Отмена
          </Button>
        </Group>
      </Stack>
    </edit.fetcher.Form>
  )
}
