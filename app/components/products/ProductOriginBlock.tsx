import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import { showToast } from '#app/lib/notify.ts'
import { COUNTRIES, RUSSIA_CODE } from '#common/countries.ts'
import type { ProductOrigin } from '#common/product-origin.ts'

/** What the edit page's action answers for the block: saved, or why not by field. */
export type OriginResult =
  | { ok: true; intent: string; origin?: ProductOrigin }
  | { ok: false; intent: string; message: string; fieldErrors: Record<string, string> }

const COUNTRY_OPTIONS = COUNTRIES.filter((country) => country.code !== RUSSIA_CODE).map((country) => ({
  value: country.code,
  label: `${country.name} (${country.code})`,
}))

/**
 * The country of origin and the customs declaration of imported goods: columns 10, 10а and 11
 * of the seller's transfer documents. Saved on its own, at once and without moderation: the
 * catalogue does not show them.
 */
export function ProductOriginBlock({ initial }: { initial: ProductOrigin }) {
  const fetcher = useFetcher<OriginResult>()
  const result = fetcher.data?.intent === 'origin' ? fetcher.data : undefined
  const [country, setCountry] = useState<string | null>(initial.countryCode)
  const edits = useEditedFields(result)
  // A field changed since the refusal is no longer red; the next save checks it again.
  const errors = withoutEdited(result && !result.ok ? result.fieldErrors : {}, edits.edited)

  useEffect(() => {
    if (result?.ok) showToast('Сведения для УПД сохранены', 'success')
  }, [result])

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="origin-title">
      <fetcher.Form method="post" noValidate onChange={edits.onEdit}>
        <input type="hidden" name="intent" value="origin" />
        <Stack gap="sm">
          <Title order={2} size="h4" id="origin-title">
            Происхождение товара для УПД
          </Title>
          <Text size="sm" c="dimmed">
            Для импортного товара укажите страну происхождения и номер декларации на товары: они попадут в графы 10, 10а
            и 11 универсального передаточного документа. Для товара российского производства оставьте поля пустыми.
            Сохраняется сразу, без модерации.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Страна происхождения"
              name="countryCode"
              placeholder="Российский товар"
              data={COUNTRY_OPTIONS}
              value={country}
              onChange={(value) => {
                setCountry(value)
                edits.mark('countryCode')
              }}
              searchable
              clearable
              // Picking the chosen country again keeps it; the cross clears the field.
              allowDeselect={false}
              nothingFoundMessage="Нет такой страны в ОКСМ"
              error={errors.countryCode}
            />
            <TextInput
              label="Номер декларации на товары"
              name="customsDeclaration"
              placeholder="10702070/151026/5012345"
              defaultValue={initial.customsDeclaration ?? ''}
              description="Код таможни/ДДММГГ/номер, через косую черту"
              error={errors.customsDeclaration}
              maxLength={40}
            />
          </SimpleGrid>
          {result && !result.ok && Object.keys(result.fieldErrors).length === 0 && (
            <Text c="red" size="sm" role="alert">
              {result.message}
            </Text>
          )}
          <Group>
            <Button type="submit" variant="default" loading={fetcher.state !== 'idle'}>
              Сохранить сведения для УПД
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Paper>
  )
}
