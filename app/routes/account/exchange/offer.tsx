import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconExternalLink, IconInfoCircle } from '@tabler/icons-react'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { LicencesField } from '#app/components/exchange/offers/LicencesField.tsx'
import { ProductPhotos } from '#app/components/products/ProductPhotos.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { showToast } from '#app/lib/notify.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { type Licence, OFFER_LIMITS, OFFER_MESSAGES, type OfferInput } from '#common/exchange/offers.ts'
import { PRICE_UNIT_LABELS, PRICE_UNITS, SERVICE_TYPE_LABELS, SERVICE_TYPES } from '#common/exchange/services.ts'
import { REGION_OPTIONS } from '#common/regions.ts'
import type { Route } from './+types/offer'
import { loadOfferForm, offerFormAction, type OfferResult } from './offer.server.ts'
import { StoredHtml } from '#app/components/StoredHtml.tsx'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'

/** Tiptap only here and on the product form: never on the public pages. */
const DescriptionEditor = lazy(() => import('#app/components/products/DescriptionEditor.tsx'))

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id === 'new' ? 'Новая услуга' : 'Услуга'} — биржа услуг — личный кабинет — БАС Маркет` },
  { name: 'robots', content: 'noindex' },
]

/** /personal-account/service-exchange/offer/{id|new}: a vendor's service offer, edited and sent to moderation. */
export const loader = ({ request, context, params }: Route.LoaderArgs) => loadOfferForm(request, context, params.id)

export const action = ({ request, context, params }: Route.ActionArgs) => offerFormAction(request, context, params.id)

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

type Data = Extract<Route.ComponentProps['loaderData'], { signedIn: true }>
type Offer = NonNullable<Data['offer']>

const TYPE_OPTIONS = SERVICE_TYPES.map((value) => ({ value, label: SERVICE_TYPE_LABELS[value] }))
const UNIT_OPTIONS = PRICE_UNITS.map((value) => ({ value, label: PRICE_UNIT_LABELS[value] }))
const REGION_SELECT = REGION_OPTIONS.map(({ value, label }) => ({ value, label }))

/** The form's state: what is typed stays here whatever the server answers. */
interface FormState {
  title: string
  type: OfferInput['type']
  spheres: string[]
  regions: string[]
  nationwide: boolean
  /** Rubles as typed; «по договорённости» when `onRequest`. */
  price: number | ''
  onRequest: boolean
  priceUnit: OfferInput['priceUnit']
  description: string
  equipmentProductIds: string[]
  licences: Licence[]
}

/** The errors a field's change answers, where the server names them otherwise than the form. */
const ERRORS_OF: Partial<Record<keyof FormState, string[]>> = {
  price: ['priceFromKopecks'],
  onRequest: ['priceFromKopecks'],
  nationwide: ['regions'],
}

function initialState(offer: Offer | null): FormState {
  return {
    title: offer?.title ?? '',
    type: offer?.type ?? 'aerial-survey',
    spheres: offer?.spheres ?? [],
    regions: offer?.regions ?? [],
    nationwide: offer?.nationwide ?? false,
    price: offer?.priceFromKopecks == null ? '' : offer.priceFromKopecks / 100,
    onRequest: offer ? offer.priceFromKopecks === null : false,
    priceUnit: offer?.priceUnit ?? 'hectare',
    description: offer?.description ?? '',
    equipmentProductIds: offer?.equipmentProductIds ?? [],
    licences: offer?.licences ?? [],
  }
}

/** The input the service takes, from the form's state. */
function toInput(state: FormState) {
  return {
    title: state.title,
    type: state.type,
    spheres: state.spheres,
    regions: state.nationwide ? [] : state.regions,
    nationwide: state.nationwide,
    priceFromKopecks: state.onRequest || state.price === '' ? null : Math.round(Number(state.price) * 100),
    priceUnit: state.priceUnit,
    description: state.description,
    equipmentProductIds: state.equipmentProductIds,
    licences: state.licences,
  }
}

export default function OfferEditorRoute({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.signedIn) return null
  if (loaderData.blocked || !loaderData.scope) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Услуга
        </Title>
        <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          <Stack gap="xs" align="flex-start">
            <Text>{loaderData.blocked}</Text>
            <Anchor component={AppLink} to="/personal-account/company">
              Перейти на страницу компании
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    )
  }
  return <OfferEditor key={params.id} data={loaderData} scope={loaderData.scope} />
}

function OfferEditor({ data, scope }: { data: Data; scope: NonNullable<Data['scope']> }) {
  const { offer, equipment, spheres, creationKey } = data
  const fetcher = useFetcher<OfferResult>()
  const [state, setState] = useState(() => initialState(offer))
  const hydrated = useHydrated()
  const descriptionLabel = useId()
  const result = fetcher.data
  const busy = fetcher.state !== 'idle'
  /** The action on its way, for its button's spinner. */
  const pending = busy ? String(fetcher.formData?.get('intent') ?? '') : null
  const locked = offer?.status === 'moderation'
  // A field changed since the refusal is no longer red: the next submission checks it again.
  const edits = useEditedFields(result)
  const errors = withoutEdited(result && !result.ok ? result.fieldErrors : {}, edits.edited)
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    for (const field of ERRORS_OF[key] ?? [key]) edits.mark(field)
    setState((s) => ({ ...s, [key]: value }))
  }

  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return
    if (result.ok && result.message) showToast(result.message, 'success')
  }, [fetcher.state, result])

  const send = (intent: string) => {
    const form = new FormData()
    form.set('intent', intent)
    form.set('creationKey', creationKey)
    if (intent === 'save' || intent === 'submit') form.set('offer', JSON.stringify(toInput(state)))
    void fetcher.submit(form, { method: 'post' })
  }

  const priceError = errors.priceFromKopecks
  const equipmentOptions = equipment.map((p) => ({ value: p.id, label: p.title }))
  // Equipment chosen earlier that is no longer on sale still shows by its id's title, when known.
  for (const chosen of offer?.equipment ?? [])
    if (!equipmentOptions.some((o) => o.value === chosen.id))
      equipmentOptions.push({ value: chosen.id, label: chosen.title })

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!busy && !locked) send('save')
      }}
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={AppLink} to={exchangeLinks.cabinet('offers')} size="sm">
            ← Мои услуги
          </Anchor>
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Title order={1} size="h2">
              {offer ? offer.title || 'Услуга без названия' : 'Новая услуга'}
            </Title>
            {offer && (
              <Group gap="xs">
                <StatusBadge lifecycle="serviceOffer" status={offer.status} size="lg" />
                {offer.published && (
                  <Text size="sm" c="teal.9">
                    {offer.hasPendingChanges ? 'На бирже — прежняя версия' : 'На бирже'}
                  </Text>
                )}
              </Group>
            )}
          </Group>
        </Stack>

        {offer?.status === 'needFixes' && offer.staffComment && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title="Модератор вернул услугу на доработку"
          >
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {offer.staffComment}
            </Text>
          </Alert>
        )}
        {locked && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
            Услуга на модерации. Чтобы изменить её, отзовите её с модерации.
          </Alert>
        )}
        {!scope.vendorConfirmed && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
            {OFFER_MESSAGES.notVendor}
          </Alert>
        )}
        {offer?.published && offer.sellerSlug && (
          <Anchor component={AppLink} to={exchangeLinks.sellerServices(offer.sellerSlug)} size="sm">
            <Group gap={4} component="span">
              Посмотреть на бирже услуг <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        )}
        {result && !result.ok && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
            {result.message}
          </Alert>
        )}

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="main-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="main-title">
              Услуга
            </Title>
            <TextInput
              label="Название"
              placeholder="Аэрофотосъёмка полей с RTK"
              withAsterisk
              value={state.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              maxLength={OFFER_LIMITS.title}
              error={errors.title}
              disabled={locked}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Вид работ"
                withAsterisk
                data={TYPE_OPTIONS}
                value={state.type}
                onChange={(value) => value && set('type', value as FormState['type'])}
                allowDeselect={false}
                error={errors.type}
                disabled={locked}
              />
              <MultiSelect
                label="Сферы"
                withAsterisk
                placeholder={state.spheres.length ? undefined : 'Выберите сферы'}
                data={spheres}
                value={state.spheres}
                onChange={(value) => set('spheres', value)}
                maxValues={OFFER_LIMITS.spheres}
                searchable
                error={errors.spheres}
                disabled={locked}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="where-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="where-title">
              Где и почём
            </Title>
            <Checkbox
              label="Вся Россия"
              checked={state.nationwide}
              onChange={(e) => set('nationwide', e.currentTarget.checked)}
              disabled={locked}
            />
            {!state.nationwide && (
              <MultiSelect
                label="Регионы работы"
                withAsterisk
                placeholder={state.regions.length ? undefined : 'Начните вводить название региона'}
                data={REGION_SELECT}
                value={state.regions}
                onChange={(value) => set('regions', value)}
                searchable
                maxValues={OFFER_LIMITS.regions}
                nothingFoundMessage="Такого региона нет"
                error={errors.regions}
                disabled={locked}
              />
            )}
            {state.nationwide && errors.regions && (
              <Text size="sm" c="red.8">
                {errors.regions}
              </Text>
            )}
            <Checkbox
              label="По договорённости"
              description="Цена обсуждается с каждым заказчиком"
              checked={state.onRequest}
              onChange={(e) => set('onRequest', e.currentTarget.checked)}
              disabled={locked}
            />
            {!state.onRequest && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label="Цена от, ₽"
                  placeholder="350"
                  min={1}
                  decimalScale={2}
                  thousandSeparator=" "
                  value={state.price}
                  onChange={(value) => set('price', value === '' ? '' : Number(value))}
                  error={priceError}
                  disabled={locked}
                />
                <Select
                  label="Единица"
                  data={UNIT_OPTIONS}
                  value={state.priceUnit}
                  onChange={(value) => value && set('priceUnit', value as FormState['priceUnit'])}
                  allowDeselect={false}
                  disabled={locked}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="about-title">
          <Stack gap="xs">
            <Title order={2} size="h4" id="about-title">
              Описание
            </Title>
            <Text id={descriptionLabel} size="sm" fw={500}>
              Что входит в работу, сроки, что получит заказчик <span aria-hidden="true">*</span>
            </Text>
            {hydrated && !locked ? (
              <Suspense fallback={<Paper withBorder mih={220} radius="sm" aria-hidden="true" />}>
                <DescriptionEditor
                  value={state.description}
                  labelId={descriptionLabel}
                  invalid={Boolean(errors.description)}
                  onChange={(html) => set('description', html)}
                />
              </Suspense>
            ) : (
              <Paper withBorder mih={120} radius="sm" p="sm" role="group" aria-labelledby={descriptionLabel}>
                {/* Before the editor loads, or while the offer is with the moderators: the stored text. */}
                {offer && <StoredHtml html={offer.description} />}
              </Paper>
            )}
            {errors.description && (
              <Text size="sm" c="red.8">
                {errors.description}
              </Text>
            )}
          </Stack>
        </Paper>

        {offer ? (
          <ProductPhotos
            productId={offer.id}
            base={`/cabinet/service-offers/${offer.id}/photos`}
            limit={OFFER_LIMITS.photos}
            limitMessage={OFFER_MESSAGES.photosLimit}
            listLabel="Фотографии услуги по порядку"
            hint="Первая фотография — главная: её видят на бирже услуг. Покажите технику и результаты работ."
            initial={offer.photos}
            disabled={locked}
            onCountChange={() => {}}
          />
        ) : (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Text size="sm" c="dimmed">
              Фотографии можно добавить после того, как черновик будет сохранён.
            </Text>
          </Paper>
        )}

        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          radius="md"
          component="section"
          aria-labelledby="equipment-title"
        >
          <Stack gap="xs">
            <Title order={2} size="h4" id="equipment-title">
              Оборудование
            </Title>
            {equipmentOptions.length ? (
              <MultiSelect
                label="Техника из вашего каталога"
                description="Товары вашей организации, опубликованные в каталоге"
                placeholder={state.equipmentProductIds.length ? undefined : 'Найдите товар по названию'}
                data={equipmentOptions}
                value={state.equipmentProductIds}
                onChange={(value) => set('equipmentProductIds', value)}
                searchable
                maxValues={OFFER_LIMITS.equipment}
                nothingFoundMessage="Такого товара нет в вашем каталоге"
                error={errors.equipmentProductIds}
                disabled={locked}
              />
            ) : (
              <Text size="sm" c="dimmed">
                В каталоге пока нет ваших опубликованных товаров.{' '}
                <Anchor component={AppLink} to="/personal-account/products">
                  Добавить товар
                </Anchor>
              </Text>
            )}
          </Stack>
        </Paper>

        <LicencesField
          value={state.licences}
          onChange={(next) => set('licences', next)}
          errors={errors}
          disabled={locked}
        />

        {/* One action at a time: while one is on its way (a first save still moving to the offer's own
            address, or a submit waiting for the page's new data), a click elsewhere would go to the
            form that is being replaced and its answer would be lost. */}
        <Group gap="sm" wrap="wrap">
          {!locked && (
            <Button type="submit" variant="default" disabled={busy} loading={pending === 'save'}>
              Сохранить черновик
            </Button>
          )}
          {!locked && scope.canSubmit && (
            <Button onClick={() => send('submit')} disabled={busy} loading={pending === 'submit'}>
              Отправить на модерацию
            </Button>
          )}
          {locked && (
            <Button variant="default" onClick={() => send('withdraw')} disabled={busy} loading={pending === 'withdraw'}>
              Отозвать с модерации
            </Button>
          )}
          {offer?.published && scope.manager && (
            <Button
              variant="default"
              color="red"
              onClick={() => send('unpublish')}
              disabled={busy}
              loading={pending === 'unpublish'}
            >
              Снять с публикации
            </Button>
          )}
          {offer && !offer.published && !locked && offer.status !== 'approved' && scope.manager && (
            <Button variant="subtle" color="red" onClick={() => send('delete')} disabled={busy}>
              Удалить черновик
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  )
}
