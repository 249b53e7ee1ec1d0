import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'
import { Alert, Anchor, Button, Grid, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconDeviceFloppy, IconEye, IconInfoCircle } from '@tabler/icons-react'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useBeforeUnload, useBlocker, useFetcher } from 'react-router'
import type { Editor } from '@tiptap/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { ArticleMainFields, ArticleSeoFields } from '#app/components/media/editor/ArticleFields.tsx'
import { ArticleHistory } from '#app/components/media/editor/ArticleHistory.tsx'
import { ArticleMoves } from '#app/components/media/editor/ArticleMoves.tsx'
import { BodyDraft } from '#app/components/media/editor/BodyDraft.tsx'
import {
  articleInputErrors,
  type ArticleFormState,
  initialArticleState,
  snapshotOf,
  toArticleInput,
} from '#app/components/media/editor/article-form.ts'
import { CoverField } from '#app/components/media/editor/CoverField.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import { showToast } from '#app/lib/notify.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { SanitizedHtml } from '#common/html.ts'
import { mediaLinks } from '#common/media/article-constants.ts'
import type { Route } from './+types/article-edit'
import {
  type ArticleEditResult,
  articleEditAction,
  type ArticleMove,
  loadArticleEditor,
} from './article-edit.server.ts'

/** Tiptap and the article's nodes load only here, in the staff console: never on public pages. */
const ArticleBodyEditor = lazy(() => import('#app/components/media/editor/ArticleBodyEditor.tsx'))

/** A new article's body: nothing yet. */
const EMPTY_BODY = '' as SanitizedHtml

/** /personal-account/staff/articles/new and /{id}: the article editor. */
export const loader = ({ request, context, params }: Route.LoaderArgs) => loadArticleEditor(request, context, params.id)

export const action = ({ request, context, params }: Route.ActionArgs) => articleEditAction(request, context, params.id)

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.article ? loaderData.article.title || 'Статья' : 'Новая статья'} — статьи — модерация — БАС Маркет`,
  },
  { name: 'robots', content: 'noindex' },
]

type Data = NonNullable<Route.ComponentProps['loaderData']>

export default function ArticleEditRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  // A new article's first save moves to its own address: a fresh form there, from what was saved.
  return <ArticleEditor key={loaderData.article?.id ?? 'new'} data={loaderData} />
}

function ArticleEditor({ data }: { data: Data }) {
  const { article, products } = data
  const fetcher = useFetcher<ArticleEditResult>()
  const hydrated = useHydrated()
  const bodyLabel = useId()
  const [state, setState] = useState<ArticleFormState>(() => initialArticleState(article))
  const [version, setVersion] = useState(article?.version ?? 0)
  const [saved, setSaved] = useState(() => snapshotOf(initialArticleState(article)))
  /** What the submission on its way carries, to become the saved state when it succeeds. */
  const sending = useRef<string | null>(null)
  const result = fetcher.data
  const busy = fetcher.state !== 'idle'
  const pending = busy ? String(fetcher.formData?.get('intent') ?? '') : null
  const dirty = snapshotOf(state) !== saved
  /** Refusals found before sending, by the same schema the server checks with. */
  const [localErrors, setLocalErrors] = useState<Record<string, string> | null>(null)
  const edits = useEditedFields(result)
  const { mark } = edits
  const errors: Record<string, string> =
    localErrors ?? withoutEdited(result && !result.ok ? result.fieldErrors : {}, edits.edited)
  const archived = article?.status === 'archived'
  const set = useCallback(
    <K extends keyof ArticleFormState>(key: K, value: ArticleFormState[K]) => {
      setState((s) => ({ ...s, [key]: value }))
      // A field's own refusal goes once it is changed; the others stay until the next save.
      mark(key)
      setLocalErrors((errors) => {
        if (!errors || !(key in errors)) return errors
        const { [key]: _gone, ...rest } = errors
        return Object.keys(rest).length ? rest : null
      })
    },
    [mark],
  )
  const [editorReady, setEditorReady] = useState(false)
  /** What was typed into the draft before the editor arrived (null: nothing). */
  const draftHtml = useRef<string | null>(null)
  const draftBox = useRef<HTMLDivElement>(null)
  const typeIntoDraft = useCallback(
    (html: string) => {
      draftHtml.current = html
      set('bodyHtml', html)
    },
    [set],
  )
  /** The editor starts from the draft's text and, if the draft had the caret, takes it on. */
  const takeOverFromDraft = useCallback((editor: Editor) => {
    const draftFocused = draftBox.current?.contains(document.activeElement) ?? false
    if (draftHtml.current !== null) editor.commands.setContent(draftHtml.current, { emitUpdate: false })
    setEditorReady(true)
    if (draftFocused) editor.commands.focus('end')
  }, [])

  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return
    if (result.version !== null && sending.current !== null) {
      setVersion(result.version)
      setSaved(sending.current)
    }
    sending.current = null
    if (result.ok) showToast(result.message, 'success')
  }, [fetcher.state, result])

  async function send(intent: 'save' | ArticleMove, options: { at?: Date; overVersion?: number } = {}) {
    const form = new FormData()
    form.set('intent', intent)
    // A move with nothing changed carries no fields: it saves nothing and bumps no version. An
    // archived article is not edited: its only move, back to drafts, carries none either.
    if (!archived && (intent === 'save' || dirty || !article)) {
      const input = toArticleInput(state, options.overVersion ?? version)
      const refused = await articleInputErrors(input)
      setLocalErrors(refused)
      if (refused) return
      form.set('article', JSON.stringify(input))
      sending.current = snapshotOf(state)
    }
    if (options.at) form.set('at', options.at.toISOString())
    void fetcher.submit(form, { method: 'post' })
  }

  // Leaving with unsaved changes asks first; a first save's own move to the article's page does not.
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) => dirty && !busy && currentLocation.pathname !== nextLocation.pathname,
      [dirty, busy],
    ),
  )
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (dirty) event.preventDefault()
      },
      [dirty],
    ),
  )

  const conflict = result && !result.ok ? result.conflictVersion : null
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy && !archived) void send('save')
      }}
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={AppLink} to={mediaLinks.staffList} size="sm">
            ← Все статьи
          </Anchor>
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {article ? article.title || 'Статья без заголовка' : 'Новая статья'}
            </Title>
            {article && <StatusBadge lifecycle="article" status={article.status} size="lg" />}
          </Group>
        </Stack>

        {archived && (
          <Alert color="grape" icon={<IconInfoCircle aria-hidden="true" />}>
            Статья в архиве и не видна читателям. Чтобы изменить её, верните её в черновики.
          </Alert>
        )}
        {localErrors && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
            Исправьте поля, отмеченные красным.
          </Alert>
        )}
        {!localErrors && result && !result.ok && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Stack gap="xs">
              <Text size="sm">
                {conflict !== null
                  ? 'Статью уже изменил другой редактор, пока вы её правили. Ваш текст остался в форме и никуда не пропал.'
                  : result.message}
              </Text>
              {conflict !== null && article && (
                <Group gap="sm">
                  <Button
                    size="xs"
                    color="red"
                    onClick={() => void send('save', { overVersion: conflict })}
                    disabled={busy}
                  >
                    Сохранить мою версию поверх
                  </Button>
                  <Anchor href={mediaLinks.staffEdit(article.id)} target="_blank" rel="noopener" size="sm">
                    Открыть его версию в новой вкладке
                  </Anchor>
                </Group>
              )}
            </Stack>
          </Alert>
        )}

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="lg">
              <ArticleMainFields state={state} set={set} errors={errors} />
              <Paper
                withBorder
                p={{ base: 'md', sm: 'lg' }}
                radius="md"
                component="section"
                aria-labelledby={bodyLabel}
              >
                <Stack gap="xs">
                  <Title order={3} size="h4" id={bodyLabel}>
                    Текст статьи
                  </Title>
                  <Text size="sm" c="dimmed">
                    Заголовки разделов, списки, цитаты, таблицы, изображения с подписями и карточки товаров
                  </Text>
                  {/* Editable from the first paint; the editor takes the draft's place when ready. */}
                  {!editorReady && (
                    <BodyDraft
                      ref={draftBox}
                      saved={article?.bodyHtml ?? EMPTY_BODY}
                      onChange={typeIntoDraft}
                      labelId={bodyLabel}
                      invalid={Boolean(errors.bodyHtml)}
                    />
                  )}
                  {hydrated && (
                    <div hidden={!editorReady}>
                      <Suspense>
                        <ArticleBodyEditor
                          value={state.bodyHtml}
                          onChange={(html) => set('bodyHtml', html)}
                          labelId={bodyLabel}
                          invalid={Boolean(errors.bodyHtml)}
                          products={products}
                          onReady={takeOverFromDraft}
                        />
                      </Suspense>
                    </div>
                  )}
                  {errors.bodyHtml && (
                    <Text size="sm" c="red.8">
                      {errors.bodyHtml}
                    </Text>
                  )}
                </Stack>
              </Paper>
              <CoverField
                cover={state.coverPreview}
                alt={state.coverAlt}
                errors={errors}
                disabled={false}
                onUploaded={(fileId, image) => setState((s) => ({ ...s, coverFileId: fileId, coverPreview: image }))}
                onAltChange={(alt) => set('coverAlt', alt)}
              />
              <ArticleSeoFields state={state} set={set} errors={errors} />
            </Stack>
          </Grid.Col>
          {/* On a phone «Сохранить» and the moves come first, not after every field. */}
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Stack gap="lg">
              <Paper
                withBorder
                p={{ base: 'md', sm: 'lg' }}
                radius="md"
                component="section"
                aria-labelledby="state-title"
              >
                <Stack gap="sm">
                  <Title order={3} size="h4" id="state-title">
                    Публикация
                  </Title>
                  <PublicationFacts article={article} />
                  <Button
                    type="submit"
                    leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
                    loading={pending === 'save'}
                    disabled={busy || archived}
                    variant={dirty ? 'filled' : 'default'}
                  >
                    Сохранить
                  </Button>
                  <Text size="xs" c="dimmed" role="status">
                    {dirty ? 'Есть несохранённые изменения' : article ? 'Все изменения сохранены' : ''}
                  </Text>
                  {article && (
                    <Button
                      component={AppLink}
                      to={mediaLinks.staffPreview(article.id)}
                      variant="default"
                      leftSection={<IconEye size={16} aria-hidden="true" />}
                    >
                      Предпросмотр
                    </Button>
                  )}
                  <ArticleMoves
                    allowed={article?.allowedActions ?? []}
                    pending={pending}
                    busy={busy}
                    dirty={dirty}
                    onMove={(move, at) => void send(move, { at })}
                  />
                </Stack>
              </Paper>
              {article && <ArticleHistory history={article.history} />}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Изменения ещё не сохранены"
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
        centered
      >
        <Stack>
          <Text>Если уйти сейчас, несохранённые изменения статьи пропадут.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Остаться
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Уйти без сохранения
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  )
}

function PublicationFacts({ article }: { article: Data['article'] }) {
  if (!article) return <Text size="sm">Черновик появится после первого сохранения.</Text>
  return (
    <Stack gap={4}>
      {article.status === 'scheduled' && article.publishAt && (
        <Text size="sm">Выйдет {formatDateTime(article.publishAt)} (МСК)</Text>
      )}
      {article.status === 'published' && article.publishAt && (
        <Text size="sm">
          Опубликована {formatDateTime(article.publishAt)} (МСК) ·{' '}
          <Anchor component={AppLink} to={mediaLinks.article(article.slug)} size="sm" underline="always">
            открыть на сайте
          </Anchor>
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Адрес: /media/{article.slug}
      </Text>
    </Stack>
  )
}
