import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconEye, IconInfoCircle } from '@tabler/icons-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type ShouldRevalidateFunctionArgs, useBeforeUnload, useBlocker, useFetcher } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { ProductDocuments } from '#app/components/products/ProductDocuments.tsx'
import { type FieldErrors, ProductFields } from '#app/components/products/ProductFields.tsx'
import { ProductOriginBlock } from '#app/components/products/ProductOriginBlock.tsx'
import { ProductPhotos } from '#app/components/products/ProductPhotos.tsx'
import { MEDIA_MESSAGES } from '#common/product-media.ts'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDate, formatDateTime, formatTime } from '#app/lib/format.ts'
import { showToast } from '#app/lib/notify.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import type { Route } from './+types/edit'
import { PRODUCTS_PATH, previewProductPath } from '#app/components/products/product-paths.ts'
import { type EditResult, loadProductForm, productFormAction } from './edit.server.ts'

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id === 'new' ? 'Новый товар' : 'Товар'} — личный кабинет — БАС Маркет` },
  { name: 'robots', content: 'noindex' },
]

/** /personal-account/products/edit/{id}, and `new`: the product form, saved as the vendor types. */
export const loader = ({ request, context, params }: Route.LoaderArgs) => loadProductForm(request, context, params.id)

export const action = ({ request, context, params }: Route.ActionArgs) => productFormAction(request, context, params.id)

/** Saving as the vendor types changes nothing the page shows but the saved mark: no reload after it. */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === 'save' && (actionResult as EditResult | undefined)?.ok) return false
  return defaultShouldRevalidate
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

/** How long after the last keystroke the form saves itself. */
const AUTOSAVE_DELAY_MS = 1200

/**
 * Which editor shows: a new product's editor stays mounted when its first save moves the page to
 * the product's own address (what was typed while the save was under way stays in the fields and
 * is saved next); any other change of product mounts a fresh editor with that product's values.
 */
function useEditorKey(id: string): { key: string; saving: () => void } {
  const [editor, setEditor] = useState({ id, key: id, savedNew: false })
  if (id !== editor.id) {
    setEditor({ id, key: editor.id === 'new' && editor.savedNew ? editor.key : id, savedNew: false })
  }
  const saving = useCallback(() => {
    setEditor((current) => (current.id === 'new' && !current.savedNew ? { ...current, savedNew: true } : current))
  }, [])
  return { key: editor.key, saving }
}

export default function ProductEditRoute({ loaderData, params }: Route.ComponentProps) {
  const editor = useEditorKey(params.id)
  if (!loaderData.signedIn) return null
  if (loaderData.blocked || !loaderData.scope) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Товар
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
  const { product, scope, creationKey, origin } = loaderData
  return (
    <ProductEditor
      key={editor.key}
      product={product}
      origin={origin}
      scope={scope}
      creationKey={creationKey}
      isNew={params.id === 'new'}
      onSaving={editor.saving}
    />
  )
}

type EditorData = Extract<Route.ComponentProps['loaderData'], { signedIn: true }>

function ProductEditor({
  product,
  origin,
  scope,
  creationKey,
  isNew,
  onSaving,
}: {
  product: EditorData['product']
  origin: EditorData['origin']
  scope: NonNullable<EditorData['scope']>
  creationKey: string
  isNew: boolean
  /** Told of every save, so that a new product's first one keeps this editor mounted. */
  onSaving: () => void
}) {
  const fetcher = useFetcher<EditResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [dirty, setDirty] = useState(false)
  const result = fetcher.data
  const busy = fetcher.state !== 'idle'
  const locked = product?.status === 'moderation'

  /** A button's submission under way: a save must not follow it on the same fetcher (see below). */
  const submitting = useRef(false)
  useEffect(() => {
    if (fetcher.state === 'idle') submitting.current = false
  }, [fetcher.state])

  const save = useCallback(() => {
    clearTimeout(timer.current)
    if (!formRef.current) return
    // A change that came after a button was pressed (the description editor reports one on blur)
    // does not cancel that submission's answer unseen: it stays marked unsaved, and the next
    // change saves it with every field.
    if (submitting.current) {
      setDirty(true)
      return
    }
    const form = new FormData(formRef.current)
    form.set('intent', 'save')
    setDirty(false)
    onSaving()
    // To the page's address when the save fires, not when it was scheduled: a new product's
    // first save moves the page to the product's own address meanwhile.
    void fetcher.submit(form, { method: 'post', action: window.location.pathname })
  }, [fetcher, onSaving])

  const changed = useCallback(() => {
    if (locked) return
    setDirty(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(save, AUTOSAVE_DELAY_MS)
  }, [locked, save])

  // Attaching to a catalogue model (or detaching) saves the offer's fields with it, then the page
  // shows the product as the model's offer.
  const attachModel = useCallback(
    (modelId: string | null) => {
      if (!formRef.current) return
      clearTimeout(timer.current)
      const form = new FormData(formRef.current)
      form.set('intent', modelId ? 'attach-model' : 'detach-model')
      if (modelId) form.set('modelId', modelId)
      submitting.current = true
      setDirty(false)
      void fetcher.submit(form, { method: 'post', action: window.location.pathname })
    },
    [fetcher],
  )

  // A button's submission carries every field: a save still waiting would only follow it and, on
  // the same fetcher, cancel its answer (a draft sent to moderation would look unsent).
  const submitted = useCallback(() => {
    clearTimeout(timer.current)
    submitting.current = true
    setDirty(false)
  }, [])

  useEffect(() => () => clearTimeout(timer.current), [])

  useEffect(() => {
    if (result?.ok && result.message) showToast(result.message, 'success')
  }, [result])

  // Closing the tab or leaving the page with changes not yet saved asks first.
  const unsaved = dirty || (busy && fetcher.formData?.get('intent') === 'save')
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (unsaved) event.preventDefault()
      },
      [unsaved],
    ),
  )
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
      [unsaved],
    ),
  )

  // A field changed since the refusal is no longer red; the next save checks it again.
  const edits = useEditedFields(result)
  const fieldErrors: FieldErrors = withoutEdited(result && !result.ok ? result.fieldErrors : {}, edits.edited)
  // Photos save apart from the form: what is missing follows their count at once.
  const [photoCount, setPhotoCount] = useState(product?.photos.length ?? 0)
  const { photos: _photos, ...otherProblems } = result?.ok ? result.problems : (product?.problems ?? {})
  const problems: Record<string, string> =
    photoCount > 0 ? otherProblems : { ...otherProblems, photos: MEDIA_MESSAGES.photoRequired }
  const missing = Object.keys(problems).length

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Anchor component={AppLink} to={PRODUCTS_PATH} size="sm">
            ← Все товары
          </Anchor>
          <Title order={1} size="h2">
            {isNew ? 'Новый товар' : product?.title || 'Товар без названия'}
          </Title>
          {product && (
            <Group gap="xs">
              <StatusBadge lifecycle="product" status={product.status} />
              {product.published && <Text size="sm">Опубликован в каталоге</Text>}
            </Group>
          )}
        </Stack>
        {product && (
          <Group gap="xs">
            <Button
              component={AppLink}
              to={previewProductPath(product.id)}
              variant="default"
              leftSection={<IconEye size={16} aria-hidden="true" />}
            >
              Предпросмотр
            </Button>
            {product.slug && product.published && (
              <Button component={AppLink} to={`/product/${product.slug}`} variant="subtle">
                Открыть в каталоге
              </Button>
            )}
          </Group>
        )}
      </Group>

      <StatusNotices product={product} vendorConfirmed={scope.vendorConfirmed} />

      <fetcher.Form
        method="post"
        ref={formRef}
        onChange={(event) => {
          edits.onEdit(event)
          changed()
        }}
        onSubmit={submitted}
        noValidate
      >
        <input type="hidden" name="creationKey" value={creationKey} />
        <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <ProductFields
            product={product}
            errors={fieldErrors}
            onValueChange={changed}
            onAttachModel={attachModel}
            locked={locked}
            media={
              product ? (
                // Their inputs save through their own endpoints, not with the form's autosave.
                <Stack gap="lg" onChange={(event) => event.stopPropagation()}>
                  <ProductPhotos
                    productId={product.id}
                    initial={product.photos}
                    disabled={locked}
                    error={fieldErrors.photos}
                    onCountChange={setPhotoCount}
                  />
                  <ProductDocuments productId={product.id} initial={product.documents} disabled={locked} />
                </Stack>
              ) : (
                <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section">
                  <Title order={2} size="h4">
                    Фотографии и документы
                  </Title>
                  <Text size="sm" c="dimmed">
                    Их можно добавить, как только черновик сохранится: начните с названия товара.
                  </Text>
                </Paper>
              )
            }
          />
        </fieldset>

        <Paper withBorder p="md" radius="md" mt="lg" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
          <Stack gap="sm">
            <SaveState busy={busy} dirty={dirty} result={result} savedAt={product?.updatedAt ?? null} />
            {result && !result.ok && result.intent !== 'save' && (
              <Text c="red" size="sm" role="alert">
                {result.message}
              </Text>
            )}
            {!locked && missing > 0 && (
              <Text size="sm" c="dimmed">
                Для отправки на модерацию не хватает: {describeMissing(problems)}.
              </Text>
            )}
            <Group gap="sm">
              {!locked && (
                <Button
                  type="submit"
                  name="intent"
                  value="save"
                  variant="default"
                  loading={busy && fetcher.formData?.get('intent') === 'save'}
                >
                  Сохранить
                </Button>
              )}
              {!locked && scope.canSubmit && (
                <Button
                  type="submit"
                  name="intent"
                  value="submit"
                  loading={busy && fetcher.formData?.get('intent') === 'submit'}
                >
                  Отправить на модерацию
                </Button>
              )}
              {locked && scope.manager && (
                <Button type="submit" name="intent" value="withdraw" variant="default">
                  Отозвать с модерации
                </Button>
              )}
              {product?.published && scope.manager && (
                <Button type="submit" name="intent" value="unpublish" variant="subtle" color="red">
                  Снять с публикации
                </Button>
              )}
              {product && !product.published && !locked && scope.manager && <DeleteDraft fetcher={fetcher} />}
            </Group>
          </Stack>
        </Paper>
      </fetcher.Form>

      {product && origin && <ProductOriginBlock initial={origin} />}

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Изменения ещё не сохранены"
        centered
      >
        <Stack>
          <Text>Если уйти сейчас, последние изменения могут пропасть.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Остаться
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Уйти
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

const FIELD_NAMES: Record<string, string> = {
  title: 'название',
  brand: 'бренд',
  model: 'модель',
  sku: 'артикул',
  categorySlug: 'категория',
  price: 'цена',
  leadTimeDays: 'срок поставки',
  description: 'описание',
  photos: 'фотографии',
}

/** «бренд, модель, характеристика «Максимальная взлётная масса»». */
function describeMissing(problems: Record<string, string>): string {
  return Object.keys(problems)
    .map((field) => FIELD_NAMES[field] ?? (field.startsWith('spec') ? 'обязательные характеристики' : field))
    .filter((name, i, all) => all.indexOf(name) === i)
    .join(', ')
}

/** «в 14:05» today, «25 нояб. 2026 г., 14:05» before. */
function savedWhen(value: Date | string): string {
  const at = new Date(value)
  const today = formatDate(at) === formatDate(new Date())
  return today ? `в ${formatTime(at)}` : formatDateTime(at)
}

function SaveState({
  busy,
  dirty,
  result,
  savedAt,
}: {
  busy: boolean
  dirty: boolean
  result?: EditResult
  savedAt: Date | string | null
}) {
  let text: string
  let color = 'dimmed'
  if (busy) text = 'Сохраняем…'
  else if (dirty) text = 'Есть несохранённые изменения'
  else if (result && !result.ok && result.intent === 'save') {
    text = `Не сохранено: ${result.message}. Исправьте отмеченные поля.`
    color = 'red'
  } else if (result?.ok) text = `Все изменения сохранены в ${formatTime(result.savedAt)}`
  else if (savedAt) text = `Все изменения сохранены ${savedWhen(savedAt)}`
  else text = 'Черновик сохранится, как только вы начнёте заполнять форму'
  return (
    <Text size="sm" c={color} aria-live="polite">
      {text}
    </Text>
  )
}

function StatusNotices({ product, vendorConfirmed }: { product: EditorData['product']; vendorConfirmed: boolean }) {
  return (
    <>
      {!vendorConfirmed && (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden="true" />}>
          Роль «Поставщик» вашей организации ещё не подтверждена. Черновики можно готовить уже сейчас, а отправить на
          модерацию — после подтверждения роли на{' '}
          <Anchor component={AppLink} to="/personal-account/company">
            странице компании
          </Anchor>
          .
        </Alert>
      )}
      {product?.status === 'needFixes' && product.staffComment && (
        <Alert
          color="orange"
          title="Модератор вернул товар на доработку"
          icon={<IconAlertTriangle aria-hidden="true" />}
        >
          {product.staffComment}
        </Alert>
      )}
      {product?.status === 'moderation' && (
        <Alert color="blue" title="Товар на модерации" icon={<IconInfoCircle aria-hidden="true" />}>
          Модератор проверит его в ближайшее время, обычно в течение рабочего дня. Чтобы изменить товар, отзовите его с
          модерации.
        </Alert>
      )}
      {product?.hasPendingChanges && product.status !== 'moderation' && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          Покупатели видят опубликованную версию. Ваши изменения попадут в каталог после проверки модератором —
          отправьте их на модерацию, когда закончите.
        </Alert>
      )}
    </>
  )
}

function DeleteDraft({ fetcher }: { fetcher: ReturnType<typeof useFetcher<EditResult>> }) {
  const [asking, setAsking] = useState(false)
  if (!asking)
    return (
      <Button variant="subtle" color="red" onClick={() => setAsking(true)}>
        Удалить черновик
      </Button>
    )
  return (
    <Group gap="xs" role="group" aria-label="Подтверждение удаления">
      <Text size="sm">Удалить черновик без возможности восстановления?</Text>
      <Button
        color="red"
        size="xs"
        onClick={() => void fetcher.submit({ intent: 'delete' }, { method: 'post' })}
        autoFocus
      >
        Удалить
      </Button>
      <Button variant="default" size="xs" onClick={() => setAsking(false)}>
        Отмена
      </Button>
    </Group>
  )
}
