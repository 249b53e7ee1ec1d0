import type { ActionResult } from '#app/lib/action-result.ts'
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconDeviceFloppy, IconSend, IconX } from '@tabler/icons-react'
import { type ReactNode, useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { LazyAreaMap } from '#app/components/exchange/LazyAreaMap.tsx'
import { FileUpload } from '#app/components/FileUpload.tsx'
import { showToast } from '#app/lib/notify.ts'
import { AREA_OPTIONS } from '#common/catalog/attributes.ts'
import { formatFileSize } from '#common/files.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import {
  PERMISSION_PARTIES,
  PERMISSION_PARTY_LABELS,
  REQUEST_LIMITS,
  REQUEST_VISIBILITY_LABELS,
  type RequestDetails,
} from '#common/exchange/requests.ts'
import { SERVICE_TYPE_LABELS, SERVICE_TYPES, VOLUME_UNIT_LABELS, VOLUME_UNITS } from '#common/exchange/services.ts'
import { isRegionCode, REGION_OPTIONS } from '#common/regions.ts'
import { areaNotes, initialRequestState, type RequestFormState, toRequestInput } from './request-form-state.ts'
import { REGION_BOUNDS } from '#common/region-bounds.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'

const TYPE_OPTIONS = SERVICE_TYPES.map((value) => ({ value, label: SERVICE_TYPE_LABELS[value] }))
const UNIT_OPTIONS = VOLUME_UNITS.map((value) => ({ value, label: VOLUME_UNIT_LABELS[value] }))
const SPHERE_OPTIONS = AREA_OPTIONS.map((o) => ({ value: o.value, label: o.label }))

/** What the form's fetcher gets back when it stays on the page: saved, or why not (what was typed stays). */
export type RequestFormResult = ActionResult<{ intent: 'save'; message: string }, { intent: string }>

export interface RequestFormProps {
  draft: RequestDetails | null
  vendors: { id: string; name: string }[]
  organizationId: string
  creationKey: string
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

/**
 * A buyer's request, new or a draft: what, where (an address, an area on the map or typed as
 * coordinates), when, how much, the budget, files, the flight details and who sees it. «Сохранить
 * черновик» keeps it as it is; «Опубликовать заявку» checks everything and opens it to vendors.
 */
/** The errors a field's change answers, where the server names them otherwise than the form. */
const ERRORS_OF: Partial<Record<keyof RequestFormState, string[]>> = {
  // Either the address or the area tells where the work is; the area must lie in the region.
  region: ['region', 'area'],
  area: ['area', 'address'],
  budget: ['budgetKopecks'],
  onRequest: ['budgetKopecks'],
  attachments: ['attachmentIds'],
  maxAltitudeM: ['flight.maxAltitudeM'],
  permissionBy: ['flight.permissionBy'],
  invited: ['invitedOrganizationIds'],
}

export function RequestForm({ draft, vendors, organizationId, creationKey }: RequestFormProps) {
  const fetcher = useFetcher<RequestFormResult>()
  const [state, setState] = useState(() => initialRequestState(draft))
  // Fixed for the life of the form: a retry after a refusal finds the draft the first try made.
  const [key] = useState(creationKey)
  const result = fetcher.data
  const busy = fetcher.state !== 'idle'
  const sending = busy ? String(fetcher.formData?.get('intent') ?? '') : ''
  // A field changed since the refusal is no longer red: the next submission checks it again.
  const edits = useEditedFields(result)
  const errors = withoutEdited(result && !result.ok ? result.fieldErrors : {}, edits.edited)
  const set = <K extends keyof RequestFormState>(name: K, value: RequestFormState[K]) => {
    for (const field of ERRORS_OF[name] ?? [name]) edits.mark(field)
    setState((s) => ({ ...s, [name]: value }))
  }

  useEffect(() => {
    if (fetcher.state === 'idle' && result?.ok) showToast(result.message, 'success')
  }, [fetcher.state, result])

  const send = (intent: 'save' | 'publish') => {
    const form = new FormData()
    form.set('intent', intent)
    form.set('creationKey', key)
    if (draft) form.set('draft', draft.number)
    form.set('request', JSON.stringify(toRequestInput(state)))
    void fetcher.submit(form, { method: 'post' })
  }

  const notes = areaNotes(state)
  const vendorOptions = vendors.map((v) => ({ value: v.id, label: v.name }))
  const attachmentsLeft = REQUEST_LIMITS.attachments - state.attachments.length
  const today = new Date().toISOString().slice(0, 10)

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        send('save')
      }}
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={AppLink} to={exchangeLinks.cabinet('requests')} size="sm">
            ← Мои заявки
          </Anchor>
          <Title order={1} size="h2">
            {draft ? `Черновик заявки № ${draft.number}` : 'Новая заявка на работы'}
          </Title>
          <Text size="sm" c="dimmed">
            Исполнители с подходящими услугами получат письмо, когда вы опубликуете заявку. Поля со звёздочкой нужны для
            публикации; черновик можно сохранить в любой момент.
          </Text>
        </Stack>

        {result && !result.ok && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden="true" />} title={result.message}>
            {Object.keys(result.fieldErrors).length > 0 && (
              <Text size="sm">Исправьте поля, отмеченные красным: ошибки указаны рядом с ними.</Text>
            )}
          </Alert>
        )}

        <Section id="what-title" title="Что нужно сделать">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Вид работ"
              withAsterisk
              data={TYPE_OPTIONS}
              value={state.type}
              onChange={(value) => value && set('type', value as RequestFormState['type'])}
              allowDeselect={false}
              error={errors.type}
            />
            <Select
              label="Сфера"
              placeholder="Выберите сферу"
              data={SPHERE_OPTIONS}
              value={state.sphere}
              onChange={(value) => set('sphere', value)}
              clearable
              error={errors.sphere}
            />
          </SimpleGrid>
          <TextInput
            label="Название"
            placeholder="Обработать 120 га пшеницы гербицидом"
            withAsterisk
            value={state.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            maxLength={REQUEST_LIMITS.title}
            error={errors.title}
          />
          <Textarea
            label="Описание"
            description="Что именно нужно, какой результат вы ждёте, особенности участка или объекта"
            autosize
            minRows={4}
            value={state.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            maxLength={REQUEST_LIMITS.description}
            error={errors.description}
          />
        </Section>

        <Section id="where-title" title="Где">
          <Select
            label="Регион"
            withAsterisk
            placeholder="Начните вводить название региона"
            data={REGION_OPTIONS}
            value={state.region}
            onChange={(value) => set('region', value)}
            searchable
            clearable
            nothingFoundMessage="Такого региона нет"
            error={errors.region}
          />
          <TextInput
            label="Адрес или ориентир"
            description="Укажите адрес или отметьте участок на карте"
            placeholder="Динской район, 3 км к северу от станицы Васюринской"
            value={state.address}
            onChange={(e) => set('address', e.currentTarget.value)}
            maxLength={REQUEST_LIMITS.address}
            error={errors.address}
          />
          <LazyAreaMap
            value={state.area}
            onChange={(area) => set('area', area)}
            label="Участок на карте"
            error={errors.area ?? notes.outside}
            height={340}
            region={state.region && isRegionCode(state.region) ? REGION_BOUNDS[state.region] : null}
          />
        </Section>

        <Section id="when-title" title="Когда и сколько">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="date"
              label="Начало работ"
              withAsterisk
              min={today}
              value={state.startsOn}
              onChange={(e) => set('startsOn', e.currentTarget.value)}
              error={errors.startsOn}
            />
            <TextInput
              type="date"
              label="Окончание работ"
              withAsterisk
              min={state.startsOn || today}
              value={state.endsOn}
              onChange={(e) => set('endsOn', e.currentTarget.value)}
              error={errors.endsOn}
            />
            <TextInput
              type="date"
              label="Приём предложений до"
              description="Включительно, по московскому времени"
              withAsterisk
              min={today}
              value={state.proposalsDeadline}
              onChange={(e) => set('proposalsDeadline', e.currentTarget.value)}
              error={errors.proposalsDeadline}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Объём работ"
              withAsterisk
              placeholder="120"
              min={0}
              decimalScale={2}
              thousandSeparator=" "
              value={state.volume}
              onChange={(value) => set('volume', value === '' ? '' : Number(value))}
              error={errors.volume}
            />
            <Select
              label="Единица объёма"
              data={UNIT_OPTIONS}
              value={state.volumeUnit}
              onChange={(value) => value && set('volumeUnit', value as RequestFormState['volumeUnit'])}
              allowDeselect={false}
              error={errors.volumeUnit}
            />
          </SimpleGrid>
          {notes.tooLarge && (
            <Alert color="yellow" icon={<IconAlertTriangle aria-hidden="true" />} role="status">
              {notes.tooLarge}
            </Alert>
          )}
        </Section>

        <Section id="budget-title" title="Бюджет">
          <Checkbox
            label="По договорённости"
            description="Исполнители предложат свою цену"
            checked={state.onRequest}
            onChange={(e) => set('onRequest', e.currentTarget.checked)}
          />
          {!state.onRequest && (
            <NumberInput
              label="Бюджет, ₽"
              placeholder="300 000"
              min={1}
              decimalScale={2}
              thousandSeparator=" "
              maw={320}
              value={state.budget}
              onChange={(value) => set('budget', value === '' ? '' : Number(value))}
              error={errors.budgetKopecks}
            />
          )}
        </Section>

        <Section id="files-title" title="Вложения">
          <Text size="sm" c="dimmed">
            Схемы, техническое задание, фотографии объекта — до {REQUEST_LIMITS.attachments} файлов.
          </Text>
          {state.attachments.length > 0 && (
            <List spacing={4} listStyleType="none" p={0} aria-label="Прикреплённые файлы">
              {state.attachments.map((file) => (
                <List.Item key={file.fileId}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {file.name}{' '}
                      <Text span size="sm" c="dimmed">
                        ({formatFileSize(file.size)})
                      </Text>
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Убрать файл ${file.name}`}
                      onClick={() =>
                        set(
                          'attachments',
                          state.attachments.filter((f) => f.fileId !== file.fileId),
                        )
                      }
                    >
                      <IconX size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          {attachmentsLeft > 0 && (
            <FileUpload
              key={state.attachments.length}
              organizationId={organizationId}
              maxFiles={attachmentsLeft}
              label="Прикрепить файлы"
              onUploaded={(file) =>
                setState((s) => ({
                  ...s,
                  attachments: [
                    ...s.attachments,
                    { fileId: file.id, name: file.originalName, size: file.size, mimeType: file.mimeType },
                  ],
                }))
              }
            />
          )}
          {errors.attachmentIds && (
            <Text size="sm" c="red.8" role="alert">
              {errors.attachmentIds}
            </Text>
          )}
        </Section>

        <Section id="flight-title" title="Полёты">
          <NumberInput
            label="Максимальная высота полёта, м"
            withAsterisk
            min={1}
            max={REQUEST_LIMITS.maxAltitudeM}
            allowDecimal={false}
            maw={320}
            value={state.maxAltitudeM}
            onChange={(value) => set('maxAltitudeM', value === '' ? '' : Number(value))}
            error={errors['flight.maxAltitudeM']}
          />
          <Checkbox
            label="Участок в контролируемом воздушном пространстве"
            checked={state.controlledAirspace}
            onChange={(e) => set('controlledAirspace', e.currentTarget.checked)}
          />
          <Checkbox
            label="Участок в запретной зоне"
            checked={state.restrictedZone}
            onChange={(e) => set('restrictedZone', e.currentTarget.checked)}
          />
          <Radio.Group
            label="Кто получает разрешение на использование воздушного пространства"
            withAsterisk
            value={state.permissionBy}
            onChange={(value) => set('permissionBy', value as RequestFormState['permissionBy'])}
            error={errors['flight.permissionBy']}
          >
            <Group gap="lg" mt={6}>
              {PERMISSION_PARTIES.map((party) => (
                <Radio key={party} value={party} label={PERMISSION_PARTY_LABELS[party]} />
              ))}
            </Group>
          </Radio.Group>
        </Section>

        <Section id="visibility-title" title="Кому видна заявка">
          <Radio.Group
            label="Видимость"
            value={state.visibility}
            onChange={(value) => set('visibility', value as RequestFormState['visibility'])}
            error={errors.visibility}
          >
            <Stack gap={6} mt={6}>
              <Radio value="public" label={REQUEST_VISIBILITY_LABELS.public} />
              <Radio value="invited" label={REQUEST_VISIBILITY_LABELS.invited} />
            </Stack>
          </Radio.Group>
          {state.visibility === 'invited' && (
            <MultiSelect
              label="Приглашённые исполнители"
              description={`Подтверждённые поставщики, до ${REQUEST_LIMITS.invited}`}
              withAsterisk
              placeholder={state.invited.length ? undefined : 'Начните вводить название организации'}
              data={vendorOptions}
              value={state.invited}
              onChange={(value) => set('invited', value)}
              searchable
              maxValues={REQUEST_LIMITS.invited}
              nothingFoundMessage="Такого поставщика нет"
              error={errors.invitedOrganizationIds}
            />
          )}
          <Checkbox
            label="Можно выбрать нескольких исполнителей"
            description="Например, когда большой участок делится между бригадами"
            checked={state.allowSeveral}
            onChange={(e) => set('allowSeveral', e.currentTarget.checked)}
          />
        </Section>

        <Group gap="sm" wrap="wrap">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
            loading={sending === 'save'}
            disabled={busy && sending !== 'save'}
          >
            Сохранить черновик
          </Button>
          <Button
            type="button"
            leftSection={<IconSend size={18} aria-hidden="true" />}
            loading={sending === 'publish'}
            disabled={busy && sending !== 'publish'}
            onClick={() => send('publish')}
          >
            Опубликовать заявку
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
