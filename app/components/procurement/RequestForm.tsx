import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react'
import { type ReactNode, useMemo, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { FileUpload } from '#app/components/FileUpload.tsx'
import { formatCount } from '#app/lib/format.ts'
import { getCategory } from '#common/catalog/categories.ts'
import { moscowToday } from '#common/moscow-days.ts'
import {
  PROCUREMENT_LIMITS,
  PROCUREMENT_MESSAGES,
  PROCUREMENT_PURPOSE_LABELS,
  PROCUREMENT_PURPOSES,
  PROCUREMENT_UNITS,
  type ProcurementPurpose,
  type ProcurementRequestData,
  type ProcurementUnit,
  procurementUnit,
  type RecipientChoice,
  type RecipientChoices,
} from '#common/procurement.ts'

/** The request's fields as the form keeps them while they are typed (a quantity as typed). */
export type RequestFormFields = Omit<ProcurementRequestData, 'items' | 'specificationFileId'> & {
  specificationFileId: string | null
  items: (Omit<ProcurementRequestData['items'][number], 'quantity'> & {
    quantity: number | string
    productHref?: string | null
  })[]
}

export interface RequestFormRefusal {
  message: string
  fieldErrors: Record<string, string>
  values: Record<string, string>
}

const PRODUCTS = ['товар', 'товара', 'товаров'] as const
const SHOWN = 12

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="fieldset" m={0} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Title order={2} size="h4" component="legend" style={{ float: 'left', width: '100%' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function choiceNote(choice: RecipientChoice): string {
  if (choice.sameModel) return 'Продаёт эту модель'
  if (choice.matching) return `${formatCount(choice.matching, PRODUCTS)} в тех же категориях`
  return `${formatCount(choice.products, PRODUCTS)} в каталоге`
}

/** The sellers to ask: the suggested ones first, a search by name, the chosen ones kept on top. */
function RecipientsPicker({
  choices,
  chosen,
  onChange,
  error,
}: {
  choices: RecipientChoices
  chosen: string[]
  onChange: (ids: string[]) => void
  error?: string
}) {
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState('')
  const [showAll, setShowAll] = useState(false)
  const categories = useMemo(() => [...new Set(choices.sellers.flatMap((s) => s.categories))].sort(), [choices.sellers])
  const q = query.trim().toLowerCase()
  const matching = choices.sellers.filter(
    (s) => (!q || s.name.toLowerCase().includes(q)) && (!category || s.categories.includes(category)),
  )
  // The chosen ones stay in view whatever the search.
  const listed = [
    ...choices.sellers.filter((s) => chosen.includes(s.id)),
    ...matching.filter((s) => !chosen.includes(s.id)),
  ]
  const shown = showAll || q ? listed : listed.slice(0, Math.max(SHOWN, chosen.length))
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id].slice(0, PROCUREMENT_LIMITS.recipients) : chosen.filter((c) => c !== id))
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Сначала — продавцы тех же моделей и те, у кого больше товаров в категориях позиций. Выбрано: {chosen.length} из{' '}
        {PROCUREMENT_LIMITS.recipients}.
      </Text>
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          label="Найти поставщика"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          miw={220}
          style={{ flex: 1 }}
        />
        <NativeSelect
          label="Категория товаров"
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value)}
          data={[
            { value: '', label: 'Все категории' },
            ...categories.map((slug) => ({ value: slug, label: getCategory(slug)?.title ?? slug })),
          ]}
          miw={220}
        />
      </Group>
      {choices.sellers.length === 0 ? (
        <Text size="sm">В каталоге пока нет подтверждённых поставщиков с товарами.</Text>
      ) : shown.length === 0 ? (
        <Text size="sm">Никого не нашлось: измените поиск или категорию.</Text>
      ) : (
        <Stack gap={6} role="group" aria-label="Поставщики">
          {shown.map((s) => (
            <Checkbox
              key={s.id}
              checked={chosen.includes(s.id)}
              onChange={(e) => toggle(s.id, e.currentTarget.checked)}
              label={
                <Group gap="xs" component="span" wrap="wrap">
                  <span>{s.name}</span>
                  <Badge component="span" variant="light" color={s.sameModel ? 'indigo' : 'gray'} size="sm">
                    {choiceNote(s)}
                  </Badge>
                </Group>
              }
            />
          ))}
        </Stack>
      )}
      {!showAll && !q && listed.length > shown.length && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setShowAll(true)}>
            Показать всех ({listed.length})
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  )
}

/**
 * A request's form: the subject and purpose, the items (from the catalogue or free text), the
 * terms, the sellers to ask. Posted as one JSON field; «Сохранить черновик» keeps it, «Отправить»
 * saves and sends it.
 */
export function RequestForm({
  initial,
  choices,
  creationKey,
  refusal,
  organizationId,
}: {
  initial: RequestFormFields
  choices: RecipientChoices
  creationKey: string
  refusal?: RequestFormRefusal
  organizationId: string
}) {
  const typed = useMemo(() => {
    try {
      return refusal?.values.request ? (JSON.parse(refusal.values.request) as RequestFormFields) : null
    } catch {
      return null
    }
  }, [refusal])
  const [fields, setFields] = useState<RequestFormFields>(typed ?? initial)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : null
  const errors = refusal?.fieldErrors ?? {}
  const set = <K extends keyof RequestFormFields>(key: K, value: RequestFormFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }))
  const setItem = (index: number, change: Partial<RequestFormFields['items'][number]>) =>
    setFields((f) => ({ ...f, items: f.items.map((item, i) => (i === index ? { ...item, ...change } : item)) }))
  const text = (
    key: 'title' | 'region' | 'deliveryAddress' | 'deliveryTerm' | 'paymentTerms' | 'contactName' | 'contactPhone',
  ) => ({
    name: key,
    value: fields[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: errors[key],
  })
  const fewSellers = fields.purpose !== 'commercial' && fields.recipients.length < PROCUREMENT_LIMITS.minimumOffers
  const payload = JSON.stringify({
    ...fields,
    items: fields.items.map(({ productHref: _, ...item }) => item),
  })
  return (
    <Form method="post" noValidate aria-label="Запрос коммерческих предложений">
      <input type="hidden" name="request" value={payload} />
      <input type="hidden" name="creationKey" value={creationKey} />
      <Stack gap="lg">
        {refusal && (
          <Alert color="red" variant="light" role="alert" title="Запрос не сохранён">
            {refusal.message}
          </Alert>
        )}
        <FormSection title="Предмет закупки">
          <TextInput
            label="Предмет закупки"
            description="Как он будет назван в письмах поставщикам и в обосновании цены"
            required
            maxLength={PROCUREMENT_LIMITS.title}
            {...text('title')}
          />
          <Radio.Group
            name="purpose"
            label="Основание закупки"
            value={fields.purpose}
            onChange={(value) => set('purpose', value as ProcurementPurpose)}
            error={errors.purpose}
          >
            <Group gap="lg" mt={6} wrap="wrap">
              {PROCUREMENT_PURPOSES.map((p) => (
                <Radio key={p} value={p} label={PROCUREMENT_PURPOSE_LABELS[p]} />
              ))}
            </Group>
          </Radio.Group>
        </FormSection>

        <FormSection title="Позиции">
          {errors.items && (
            <Text size="sm" c="red.8" role="alert">
              {errors.items}
            </Text>
          )}
          {fields.items.map((item, index) => (
            <Paper key={index} withBorder p="sm" component="section" aria-label={`Позиция ${index + 1}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    Позиция {index + 1}
                    {item.productId && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · из каталога
                      </Text>
                    )}
                  </Text>
                  {fields.items.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Удалить позицию ${index + 1}`}
                      onClick={() =>
                        set(
                          'items',
                          fields.items.filter((_, i) => i !== index),
                        )
                      }
                    >
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  )}
                </Group>
                <TextInput
                  label="Наименование"
                  required
                  maxLength={PROCUREMENT_LIMITS.itemName}
                  value={item.name}
                  onChange={(e) => setItem(index, { name: e.currentTarget.value })}
                />
                <Textarea
                  label="Требуемые характеристики"
                  autosize
                  minRows={2}
                  maxLength={PROCUREMENT_LIMITS.characteristics}
                  value={item.characteristics}
                  onChange={(e) => setItem(index, { characteristics: e.currentTarget.value })}
                />
                <Group gap="sm" grow wrap="nowrap">
                  <TextInput
                    label="Количество"
                    inputMode="numeric"
                    required
                    value={String(item.quantity)}
                    onChange={(e) => setItem(index, { quantity: e.currentTarget.value })}
                  />
                  <NativeSelect
                    label="Единица (ОКЕИ)"
                    value={item.unit}
                    onChange={(e) => setItem(index, { unit: e.currentTarget.value as ProcurementUnit })}
                    data={PROCUREMENT_UNITS.map((u) => ({ value: u, label: procurementUnit(u).symbol }))}
                  />
                </Group>
              </Stack>
            </Paper>
          ))}
          {fields.items.length < PROCUREMENT_LIMITS.items && (
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() =>
                  set('items', [...fields.items, { name: '', characteristics: '', unit: 'piece', quantity: 1 }])
                }
              >
                Добавить позицию
              </Button>
            </Group>
          )}
        </FormSection>

        <FormSection title="Условия">
          <Group grow align="start" wrap="wrap" gap="sm">
            <TextInput
              name="deadline"
              type="date"
              label="Принимать ответы до"
              required
              min={moscowToday()}
              value={fields.deadline}
              onChange={(e) => set('deadline', e.currentTarget.value)}
              error={errors.deadline}
              miw={180}
            />
            <TextInput label="Регион поставки" maxLength={200} miw={220} {...text('region')} />
          </Group>
          <TextInput label="Адрес поставки" maxLength={300} {...text('deliveryAddress')} />
          <Group grow align="start" wrap="wrap" gap="sm">
            <TextInput label="Желаемый срок поставки" maxLength={200} miw={220} {...text('deliveryTerm')} />
            <TextInput label="Условия оплаты" maxLength={300} miw={220} {...text('paymentTerms')} />
          </Group>
          <Group grow align="start" wrap="wrap" gap="sm">
            <TextInput label="Контактное лицо" required maxLength={120} miw={220} {...text('contactName')} />
            <TextInput label="Телефон" type="tel" maxLength={40} miw={180} {...text('contactPhone')} />
          </Group>
          <Textarea
            label="Комментарий для поставщиков"
            autosize
            minRows={2}
            maxLength={PROCUREMENT_LIMITS.text}
            value={fields.comment}
            onChange={(e) => set('comment', e.currentTarget.value)}
            error={errors.comment}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Техническое задание (PDF)
            </Text>
            {initial.specificationFileId && fields.specificationFileId === initial.specificationFileId && (
              <Text size="sm" c="dimmed">
                Приложено. Новый файл заменит его.
              </Text>
            )}
            <FileUpload
              organizationId={organizationId}
              maxFiles={1}
              label="Приложить ТЗ"
              only={{ accept: 'application/pdf,.pdf', hint: 'PDF до 10 МБ' }}
              onUploaded={(meta) => set('specificationFileId', meta.id)}
              onRemove={() => set('specificationFileId', initial.specificationFileId)}
            />
            {errors.specificationFileId && (
              <Text size="sm" c="red.8" role="alert">
                {errors.specificationFileId}
              </Text>
            )}
          </Stack>
        </FormSection>

        <FormSection title="Поставщики">
          <RecipientsPicker
            choices={choices}
            chosen={fields.recipients}
            onChange={(ids) => set('recipients', ids)}
            error={errors.recipients}
          />
          {fewSellers && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
              {PROCUREMENT_MESSAGES.fewRecipients(fields.purpose as '44fz' | '223fz')}
            </Alert>
          )}
        </FormSection>

        <Group gap="sm" wrap="wrap">
          <Button type="submit" name="intent" value="send" loading={busy === 'send'} disabled={busy !== null}>
            Отправить поставщикам
          </Button>
          <Button
            type="submit"
            name="intent"
            value="save"
            variant="default"
            loading={busy === 'save'}
            disabled={busy !== null}
          >
            Сохранить черновик
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
