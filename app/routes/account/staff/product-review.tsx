import {
  Alert,
  Anchor,
  Badge,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Timeline,
  Title,
  Typography,
  VisuallyHidden,
} from '@mantine/core'
import { IconArrowLeft, IconExternalLink, IconFileText } from '@tabler/icons-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import {
  changeSummary,
  type ComparableVersion,
  diffVersions,
  fromDraft,
  fromLive,
  REVIEW_FIELD_LABELS,
  REVIEW_FIELDS,
  type ReviewField,
  specCodes,
  specDisplay,
} from '#app/components/staff/product-diff.ts'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDateTimeNumeric, formatNumber, formatWaiting } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { SIGN_IN_FIRST, staffActionFailure, staffContext } from '#app/lib/staff-access.ts'
import { ModerationDecision, type ModerationDecisionResult } from '#app/components/staff/ModerationDecision.tsx'
import { AREA_OPTIONS, getAttribute } from '#common/catalog/attributes.ts'
import { getCategory } from '#common/catalog/categories.ts'
import { formatLeadTime, formatPrice } from '#common/catalog/format.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import { VAT_RATE_LABELS } from '#common/catalog/vat.ts'
import { FixesInput } from '#common/products.schemas.ts'
import { DRAFT_STATUS_LABELS, PRODUCT_LIMITS } from '#common/products.ts'
import classes from './product-review.module.css'
import type { Route } from './+types/product-review'
import { StoredHtml } from '#app/components/StoredHtml.tsx'
import { type ModelAttachResult, SimilarModels } from '#app/components/staff/SimilarModels.tsx'

const QUEUE_PATH = '/personal-account/staff/products'

/**
 * /personal-account/staff/products/{id}: a product on moderation beside the version on sale, and
 * the decision: approve (on sale at once) or send back to the vendor with a comment.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const { services, ctx, publicConfig } = app
  const product = await loadOrFail(request, () => services.products.moderation.get(ctx, params.id))
  return {
    product,
    // The duplicate check of a product that proposes a new model.
    similarModels:
      product.status === 'moderation' ? await services.products.moderation.similarModels(ctx, product.id) : [],
    // The longest-waiting other product: where staff go once this one is decided.
    nextId: await services.products.moderation.nextInQueue(ctx, product.id),
    waiting:
      product.status === 'moderation' && product.submittedAt ? formatWaiting(product.submittedAt, new Date()) : null,
    filesUrl: `${publicConfig.apiBaseUrl.replace(/\/+$/, '')}/files`,
  }
}

export type DecisionResult = ModerationDecisionResult<{ slug: string | null }>

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<DecisionResult | ModelAttachResult> {
  const form = await request.formData()
  if (form.get('intent') === 'attach-model') return attachModel(context, params.id, String(form.get('modelId') ?? ''))
  const intent = form.get('intent') === 'approve' ? 'approve' : 'requestFixes'
  const app = staffContext(context)
  if (!app) return { ...SIGN_IN_FIRST, intent }
  const { moderation } = app.services.products
  try {
    if (intent === 'approve') {
      const approved = await moderation.approve(app.ctx, params.id)
      return { ok: true, intent, message: 'Товар одобрен и уже в каталоге.', slug: approved.live?.slug ?? null }
    }
    await moderation.requestFixes(app.ctx, params.id, { comment: String(form.get('comment') ?? '') })
    return {
      ok: true,
      intent,
      message: 'Товар возвращён на доработку. Продавец получит комментарий; версия в каталоге не меняется.',
      slug: null,
    }
  } catch (error) {
    return staffActionFailure(error, { intent })
  }
}

/** Staff attach the product to an existing model instead of approving a new one. */
async function attachModel(
  context: Route.ActionArgs['context'],
  id: string,
  modelId: string,
): Promise<ModelAttachResult> {
  const intent = 'attach-model' as const
  const app = staffContext(context)
  if (!app) return { ...SIGN_IN_FIRST, intent }
  try {
    const product = await app.services.products.moderation.attachModel(app.ctx, id, { modelId })
    return {
      ok: true,
      intent,
      message: `Товар привязан к модели «${product.title}». Одобрите его: он станет ещё одним её предложением.`,
    }
  } catch (error) {
    return staffActionFailure(error, { intent })
  }
}

type LoaderData = NonNullable<Route.ComponentProps['loaderData']>
type Review = LoaderData['product']

const AREA_LABELS = new Map(AREA_OPTIONS.map((o) => [o.value, o.label]))
const EMPTY = (
  <Text span c="dimmed" size="sm">
    не указано
  </Text>
)

/** A field's value in one version, as a buyer would read it. */
function FieldValue({ field, v, filesUrl }: { field: ReviewField; v: ComparableVersion; filesUrl: string }) {
  const text = (value: ReactNode) => <Text size="sm">{value}</Text>
  switch (field) {
    case 'title':
      return text(v.title || EMPTY)
    case 'brand':
      return text(v.brand || EMPTY)
    case 'model':
      return text(v.model || EMPTY)
    case 'sku':
      return text(v.sku || EMPTY)
    case 'category':
      return text(v.categorySlug ? (getCategory(v.categorySlug)?.title ?? v.categorySlug) : EMPTY)
    case 'price':
      return (
        <Text size="sm" fw={600}>
          {v.priceKopecks === null ? 'По запросу' : formatPrice(v.priceKopecks)}
        </Text>
      )
    case 'vat':
      return text(VAT_RATE_LABELS[v.vatRate])
    case 'availability': {
      const lead = v.availability === 'to_order' ? formatLeadTime(v.leadTimeDays) : ''
      return text(AVAILABILITY_LABELS[v.availability] + (lead ? `, ${lead}` : ''))
    }
    case 'stock':
      return text(v.stockQuantity === null ? EMPTY : `${formatNumber(v.stockQuantity)} шт.`)
    case 'areas':
      return text(v.areas.length ? v.areas.map((slug) => AREA_LABELS.get(slug) ?? slug).join(', ') : EMPTY)
    case 'specs':
      return null // one row per characteristic, below
    case 'description':
      return v.descriptionHtml.trim() ? (
        <Typography fz="sm">
          <StoredHtml html={v.descriptionHtml} />
        </Typography>
      ) : (
        EMPTY
      )
    case 'photos':
      return v.images.length ? (
        <div className={classes.photos}>
          {v.images.map((image, i) => (
            <AppImage key={`${image.src}-${i}`} src={image.src} alt={image.alt || `Фото ${i + 1}`} size="compare" />
          ))}
        </div>
      ) : (
        EMPTY
      )
    case 'documents':
      return v.documents.length ? (
        <List spacing={4} size="sm" icon={<IconFileText size={16} aria-hidden="true" />} center>
          {v.documents.map((d) => (
            <List.Item key={d.fileId}>
              <Anchor href={`${filesUrl}/${d.fileId}`} target="_blank" rel="noopener" size="sm">
                {d.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : (
        EMPTY
      )
  }
}

/** One row: the field's name, and its value on moderation beside the one on sale (stacked on phones). */
function CompareRow({
  id,
  label,
  changed,
  draft,
  live,
}: {
  id: string
  label: string
  changed: boolean
  draft: ReactNode
  live: ReactNode | undefined
}) {
  const twoColumns = live !== undefined
  return (
    <div
      role="group"
      aria-labelledby={id}
      data-changed={changed || undefined}
      className={`${classes.field} ${changed ? classes.changed : ''}`}
    >
      <Group gap="xs" wrap="wrap">
        <Text id={id} fw={600} size="sm">
          {label}
        </Text>
        {changed && (
          <Badge size="sm" color="yellow.4" c="dark.9">
            Изменено
          </Badge>
        )}
      </Group>
      <div className={`${classes.values} ${twoColumns ? classes.twoColumns : ''}`}>
        <div className={classes.value}>
          {twoColumns && <span className={classes.cellLabel}>На модерации</span>}
          {draft}
        </div>
        {twoColumns && (
          <div className={classes.value}>
            <span className={classes.cellLabel}>Сейчас в каталоге</span>
            {live}
          </div>
        )}
      </div>
    </div>
  )
}

function Comparison({ product, filesUrl }: { product: Review; filesUrl: string }) {
  const draft = fromDraft(product)
  // Beside the version on sale only while staff weigh a change; decided, the card is one version.
  const live = product.status === 'moderation' && product.live ? fromLive(product.live) : null
  const diff = live ? diffVersions(draft, live) : null
  const changed = new Set(diff?.fields ?? [])
  const changedSpecs = new Set(diff?.specs ?? [])
  const codes = specCodes(draft, live)
  return (
    <Stack gap="sm">
      {diff && (
        <Alert color={diff.fields.length ? 'orange' : 'gray'} variant="light" py="xs" role="note">
          <Text size="sm" fw={600}>
            {changeSummary(diff)}
          </Text>
        </Alert>
      )}
      <Paper withBorder radius="md" py="xs" component="section" aria-labelledby="review-card-title">
        <Title order={3} size="h5" id="review-card-title" px="md" pb="xs">
          {live ? 'Карточка товара: на модерации и в каталоге' : 'Карточка товара'}
        </Title>
        {live && (
          <div className={classes.columns} aria-hidden="true">
            <Text size="xs" fw={700}>
              На модерации
            </Text>
            <Text size="xs" fw={700}>
              Сейчас в каталоге
            </Text>
          </div>
        )}
        {REVIEW_FIELDS.map((field) =>
          field === 'specs' ? (
            <div key={field}>
              <Text fw={600} size="sm" px="md" pt="sm" pb={4} className={classes.field}>
                {REVIEW_FIELD_LABELS.specs}
                {codes.length === 0 && (
                  <Text span c="dimmed" size="sm" fw={400}>
                    {' '}
                    — не заполнены
                  </Text>
                )}
              </Text>
              {codes.map((code) => {
                const title = getAttribute(code)?.title ?? code
                return (
                  <CompareRow
                    key={code}
                    id={`spec-${code}`}
                    label={title}
                    changed={changedSpecs.has(code)}
                    draft={<Text size="sm">{specDisplay(code, draft.specs[code]) ?? EMPTY}</Text>}
                    live={live ? <Text size="sm">{specDisplay(code, live.specs[code]) ?? EMPTY}</Text> : undefined}
                  />
                )
              })}
            </div>
          ) : (
            <CompareRow
              key={field}
              id={`field-${field}`}
              label={REVIEW_FIELD_LABELS[field]}
              changed={changed.has(field)}
              draft={<FieldValue field={field} v={draft} filesUrl={filesUrl} />}
              live={live ? <FieldValue field={field} v={live} filesUrl={filesUrl} /> : undefined}
            />
          ),
        )}
      </Paper>
    </Stack>
  )
}

function History({ history }: { history: Review['history'] }) {
  if (!history.length) return null
  return (
    <Stack gap={6} component="section" aria-labelledby="review-history-title">
      <Title order={3} size="h5" id="review-history-title">
        История
      </Title>
      <Timeline bulletSize={12} lineWidth={2} active={history.length - 1}>
        {history.map((h, i) => (
          <Timeline.Item
            key={i}
            title={
              <Text size="sm">
                {h.fromStatus ? `${DRAFT_STATUS_LABELS[h.fromStatus]} → ` : 'Создан: '}
                {DRAFT_STATUS_LABELS[h.toStatus]}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {formatDateTimeNumeric(h.createdAt)} · {h.by ?? 'Система'}
            </Text>
            {h.comment && <Text size="sm">{h.comment}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  )
}

/** The result of a decision, with the way on: the product page after approval, the queue always. */
/** The next product waiting for staff, or that the queue is empty. */
function NextInQueue({ nextId }: { nextId: string | null }) {
  if (!nextId)
    return (
      <Text size="sm" c="dimmed">
        В очереди больше нет товаров
      </Text>
    )
  return (
    <Anchor component={AppLink} to={`${QUEUE_PATH}/${nextId}`} size="sm" fw={600}>
      Следующий в очереди
    </Anchor>
  )
}

function DecisionNotice({ result, nextId }: { result: DecisionResult; nextId: string | null }) {
  // The form the focus was in is gone once the decision is made: the notice takes the focus.
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [result])
  if (!result.ok)
    return (
      <Alert ref={ref} tabIndex={-1} color="red" role="alert" py="xs">
        {result.fieldErrors.comment ? `${result.message}: ${result.fieldErrors.comment}` : result.message}
      </Alert>
    )
  return (
    <Alert ref={ref} tabIndex={-1} color="teal" role="status" py="xs">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {result.message}
        </Text>
        <Group gap="md" wrap="wrap">
          {result.slug && (
            <Anchor href={`/product/${result.slug}`} size="sm" target="_blank" rel="noopener">
              Открыть страницу товара <IconExternalLink size={14} aria-hidden="true" />
              <VisuallyHidden> (в новой вкладке)</VisuallyHidden>
            </Anchor>
          )}
          <NextInQueue nextId={nextId} />
          <Anchor component={AppLink} to={QUEUE_PATH} size="sm">
            Вернуться к очереди
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  )
}

function Decision({ product, fetcher }: { product: Review; fetcher: ReturnType<typeof useFetcher<DecisionResult>> }) {
  const incomplete = Object.values(product.problems)
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="decision-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="decision-title">
          Решение
        </Title>
        {incomplete.length > 0 && (
          <Alert color="yellow" py="xs" role="note">
            <Text size="sm" fw={600}>
              Карточка заполнена не полностью
            </Text>
            <List size="sm">
              {incomplete.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <ModerationDecision
          fetcher={fetcher}
          listing="товар"
          checkComment={(comment) => FixesInput.safeParse({ comment }).error?.issues[0]?.message ?? null}
          commentMax={PRODUCT_LIMITS.staffComment}
        />
      </Stack>
    </Paper>
  )
}

/** Where a product no longer on moderation stands, said plainly instead of the decision form. */
function Decided({ product, nextId }: { product: Review; nextId: string | null }) {
  const text =
    product.status === 'approved'
      ? 'Товар одобрен и продаётся в каталоге.'
      : product.status === 'needFixes'
        ? 'Товар возвращён продавцу на доработку.'
        : 'Продавец отозвал товар с модерации и редактирует его.'
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <Text size="sm">{text}</Text>
        {product.status === 'needFixes' && product.staffComment && (
          <Text size="sm">
            <Text span c="dimmed">
              Комментарий модератора:{' '}
            </Text>
            {product.staffComment}
          </Text>
        )}
        <Group gap="md" wrap="wrap">
          {product.status === 'approved' && product.live && (
            <Anchor href={`/product/${product.live.slug}`} size="sm">
              Страница товара в каталоге
            </Anchor>
          )}
          <NextInQueue nextId={nextId} />
        </Group>
      </Stack>
    </Paper>
  )
}

export default function StaffProductReview({ loaderData }: Route.ComponentProps) {
  const product = loaderData?.product
  const fetcher = useFetcher<DecisionResult>({ key: `product-decision-${product?.id ?? ''}` })
  if (!loaderData || !product) return null
  const { waiting, filesUrl, nextId } = loaderData
  const result = fetcher.state === 'idle' ? fetcher.data : undefined
  // A missing comment shows at the field; every other outcome above the form.
  const notice = result && !(result.ok === false && result.fieldErrors.comment) ? result : undefined
  return (
    <Stack gap="md">
      <Anchor component={AppLink} to={QUEUE_PATH} size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          Очередь товаров
        </Group>
      </Anchor>
      <Stack gap={6}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {product.title || 'Без названия'}
        </Title>
        <Group gap="xs" wrap="wrap">
          <StatusBadge lifecycle="product" status={product.status} />
          {product.status === 'moderation' && (
            <Badge variant={product.published ? 'light' : 'outline'} color={product.published ? 'blue' : 'navy'}>
              {product.published ? 'Изменение опубликованного' : 'Новый товар'}
            </Badge>
          )}
          {waiting && (
            <Text size="sm" c="dimmed">
              ждёт {waiting}
            </Text>
          )}
        </Group>
        <Text size="sm">
          <Text span c="dimmed">
            Продавец:{' '}
          </Text>
          {product.vendor ? (
            // Underlined: inside a line of text, colour alone would not tell the link apart.
            <Anchor href={`/sellers/${product.vendor.slug}`} size="sm" underline="always">
              {product.vendor.name}
            </Anchor>
          ) : (
            'неизвестен'
          )}
          {product.submittedAt && (
            <Text span c="dimmed">
              {' · '}отправлен {formatDateTimeNumeric(product.submittedAt)}
            </Text>
          )}
        </Text>
      </Stack>

      <Comparison product={product} filesUrl={filesUrl} />

      {product.status === 'moderation' && (
        <SimilarModels productId={product.id} attached={Boolean(product.modelId)} models={loaderData.similarModels} />
      )}
      {notice && <DecisionNotice result={notice} nextId={nextId} />}
      {product.status === 'moderation' ? (
        <Decision product={product} fetcher={fetcher} />
      ) : (
        <Decided product={product} nextId={nextId} />
      )}
      <History history={product.history} />
    </Stack>
  )
}
