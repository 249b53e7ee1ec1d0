import { Button, Grid, Group, Stack } from '@mantine/core'
import { applyMask, PHONE_MASK } from '#common/masks.ts'
import { isSoleTrader } from '#common/organizations.ts'
import { fieldErrors, legalFormIssues, OrganizationUpdateInput } from '#common/organizations.schemas.ts'
import type { OrganizationView, useCompanyFetcher } from './company-ui.ts'
import { useCheckedForm } from './block-parts.tsx'
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
  const form = useCheckedForm(edit, (values) => {
    const parsed = OrganizationUpdateInput.safeParse(values)
    return parsed.success
      ? legalFormIssues({ legalForm: org.legalForm, kpp: parsed.data.kpp })
      : fieldErrors(parsed.error)
  })
  const { errors } = form
  const soleTrader = isSoleTrader(org.legalForm)
  // After a refusal the typed values come back; otherwise the stored ones.
  const initial = (name: OrganizationFieldName) =>
    edit.failure
      ? edit.values[name]
      : name === 'contactPhone'
        ? applyMask(PHONE_MASK, org.contactPhone)
        : (org[name] ?? '')

  return (
    <edit.fetcher.Form method="post" noValidate onSubmit={form.onSubmit} onChange={form.onChange}>
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
