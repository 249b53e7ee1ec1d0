import { Alert, Button, Grid, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { IconBuildingBank, IconPencil } from '@tabler/icons-react'
import type { BankRequisites } from '#common/bank-requisites.ts'
import { BANK_NAME_MAX, BankRequisitesInput } from '#common/bank-requisites.schemas.ts'
import { ACCOUNT_MASK, BIK_MASK } from '#common/masks.ts'
import { fieldErrors } from '#common/organizations.schemas.ts'
import { MaskedInput } from '../MaskedInput.tsx'
import { type OrganizationView, useCompanyFetcher } from './company-ui.ts'
import { Detail, useCheckedForm, useEditing } from './block-parts.tsx'
import { FormMessage } from './FormMessage.tsx'

const FIELDS = ['bankName', 'bik', 'settlementAccount', 'correspondentAccount'] as const
type Field = (typeof FIELDS)[number]

const LABELS: Record<Field, string> = {
  bankName: 'Банк',
  bik: 'БИК',
  settlementAccount: 'Расчётный счёт',
  correspondentAccount: 'Корреспондентский счёт',
}

function BankRequisitesForm({
  organizationId,
  requisites,
  fetcher: edit,
  onCancel,
}: {
  organizationId: string
  requisites: BankRequisites | null
  fetcher: ReturnType<typeof useCompanyFetcher>
  onCancel: () => void
}) {
  const form = useCheckedForm(edit, (values) => {
    const parsed = BankRequisitesInput.safeParse(values)
    return parsed.success ? {} : fieldErrors(parsed.error)
  })
  const { errors } = form
  // After a refusal the typed values come back; otherwise the stored ones.
  const initial = (name: Field) => (edit.failure ? edit.values[name] : requisites?.[name]) ?? ''

  const field = (name: Field) => ({ name, label: LABELS[name], defaultValue: initial(name), error: errors[name] })
  return (
    <edit.fetcher.Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      aria-label="Банковские реквизиты"
    >
      <input type="hidden" name="intent" value="bankRequisites" />
      <input type="hidden" name="organizationId" value={organizationId} />
      <Stack gap="md">
        <FormMessage failure={edit.failure} fields={FIELDS} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              {...field('bankName')}
              placeholder="ПАО Сбербанк"
              description="Как в выписке или договоре с банком"
              required
              maxLength={BANK_NAME_MAX}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <MaskedInput {...field('bik')} mask={BIK_MASK} inputMode="numeric" description="9 цифр" required />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MaskedInput
              {...field('settlementAccount')}
              mask={ACCOUNT_MASK}
              inputMode="numeric"
              description="20 цифр, рублёвый счёт организации"
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MaskedInput
              {...field('correspondentAccount')}
              mask={ACCOUNT_MASK}
              inputMode="numeric"
              description="20 цифр, начинается с 30101"
              required
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

/**
 * The bank requisites invoices are paid to: shown to every member, set by owners and
 * administrators. A seller without them is told that buyers cannot get an invoice.
 */
export function BankRequisitesBlock({
  organization: org,
  isSeller,
}: {
  organization: OrganizationView
  isSeller: boolean
}) {
  const edit = useCompanyFetcher('bank-requisites')
  const { editing, open, close } = useEditing(edit)
  const canEdit = org.memberRole !== 'member'
  const requisites = org.bankRequisites

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="bank-requisites-title">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Title order={2} size="h3" id="bank-requisites-title">
          Банковские реквизиты
        </Title>
        {canEdit && !editing && (
          <Button variant="default" leftSection={<IconPencil size={18} aria-hidden="true" />} onClick={open}>
            {requisites ? 'Изменить банковские реквизиты' : 'Указать банковские реквизиты'}
          </Button>
        )}
      </Group>
      {editing ? (
        <BankRequisitesForm organizationId={org.id} requisites={requisites} fetcher={edit} onCancel={close} />
      ) : (
        <Stack gap="md">
          <FormMessage success={edit.success} />
          {requisites ? (
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
              {FIELDS.map((name) => (
                <Detail key={name} label={LABELS[name]} numeric={name !== 'bankName'}>
                  {requisites[name]}
                </Detail>
              ))}
            </SimpleGrid>
          ) : (
            <Alert
              color={isSeller ? 'orange' : 'gray'}
              variant="light"
              icon={<IconBuildingBank size={18} aria-hidden="true" />}
            >
              {isSeller
                ? 'Реквизиты не указаны. По ним покупатели оплачивают заказы: без них счёт на оплату выставить нельзя.'
                : 'Реквизиты не указаны. Они понадобятся, когда вы будете продавать: по ним покупатели оплачивают счета.'}
              {!canEdit && ' Указать их могут владелец и администраторы организации.'}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  )
}
