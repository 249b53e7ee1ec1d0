import { Button, Grid, Group, Stack, Textarea, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { applyMask, KPP_MASK, PHONE_MASK } from '#common/masks.ts'
import { isSoleTrader } from '#common/organizations.ts'
import {
  fieldErrors,
  legalFormIssues,
  ORGANIZATION_LIMITS,
  OrganizationUpdateInput,
} from '#common/organizations.schemas.ts'
import { formValues } from '#app/lib/form-result.ts'
import { MaskedInput } from '../MaskedInput.tsx'
import type { OrganizationView, useCompanyFetcher } from './company-ui.ts'
import { FormMessage } from './FormMessage.tsx'

const FIELDS = [
  'fullName',
  'shortName',
  'kpp',
  'legalAddress',
  'contactEmail',
  'contactPhone',
  'website',
  'region',
  'description',
] as const

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
  const errors = { ...edit.errors, ...clientErrors }
  const soleTrader = isSoleTrader(org.legalForm)
  // After a refusal the typed values come back; otherwise the stored ones.
  const initial = (name: (typeof FIELDS)[number]) =>
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

  const field = (name: (typeof FIELDS)[number]) => ({ name, defaultValue: initial(name), error: errors[name] })

  return (
    <edit.fetcher.Form method="post" noValidate onSubmit={validate}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="organizationId" value={org.id} />
      <Stack gap="md">
        <FormMessage failure={edit.failure} fields={FIELDS} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Краткое наименование"
              required
              maxLength={ORGANIZATION_LIMITS.shortName}
              {...field('shortName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {soleTrader ? (
              <TextInput label="КПП" description="У ИП нет КПП" disabled value="" readOnly />
            ) : (
              <MaskedInput label="КПП" mask={KPP_MASK} required {...field('kpp')} />
            )}
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Полное наименование"
              required
              maxLength={ORGANIZATION_LIMITS.fullName}
              {...field('fullName')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Юридический адрес"
              required
              maxLength={ORGANIZATION_LIMITS.address}
              autoComplete="street-address"
              {...field('legalAddress')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Электронная почта для связи" type="email" required {...field('contactEmail')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MaskedInput
              label="Телефон для связи"
              mask={PHONE_MASK}
              inputMode="tel"
              required
              {...field('contactPhone')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Сайт" placeholder="company.ru" {...field('website')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Регион"
              placeholder="Москва"
              description="Где вы работаете: покупатели видят его на странице продавца"
              maxLength={ORGANIZATION_LIMITS.region}
              autoComplete="address-level1"
              {...field('region')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label="Описание компании"
              description={`Что вы производите или поставляете, сервис и гарантия — для страницы продавца. До ${ORGANIZATION_LIMITS.description} символов.`}
              autosize
              minRows={4}
              maxRows={12}
              maxLength={ORGANIZATION_LIMITS.description}
              {...field('description')}
            />
          </Grid.Col>
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
