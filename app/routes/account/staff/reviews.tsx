import { Anchor, Badge, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core'
import { data, useFetcher } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { ActionError } from '#app/components/staff/ActionError.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { StatusFilter } from '#app/components/lists/StatusFilter.tsx'
import { formatDateTimeNumeric } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffActionFailure, type StaffActionResult, staffContext } from '#app/lib/staff-access.ts'
import type { StaffReview, StaffReviewFilter } from '#common/reviews.ts'
import type { Route } from './+types/reviews'

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const search = searchOf(request)
  const status: StaffReviewFilter = search.status === 'hidden' ? 'hidden' : 'visible'
  const list = await loadOrFail(request, () =>
    app.services.reviews.listForStaff(app.ctx, { status, page: search.page ?? 1 }),
  )
  return { ...list, status }
}

/** Hide with a reason, or show again; the service checks staff and writes the audit entry. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = staffContext(context)
  if (!app) throw data('Войдите, чтобы продолжить', { status: 401 })
  const form = await request.formData()
  const kind = String(form.get('kind') ?? '')
  const id = String(form.get('id') ?? '')
  try {
    if (form.get('intent') === 'unhide') {
      await app.services.reviews.unhide(app.ctx, kind, id)
      return { ok: true, message: 'Отзыв снова виден' } satisfies StaffActionResult
    }
    await app.services.reviews.hide(app.ctx, kind, id, { reason: String(form.get('reason') ?? '') })
    return { ok: true, message: 'Отзыв скрыт' } satisfies StaffActionResult
  } catch (error) {
    return staffActionFailure(error)
  }
}

const FILTERS: { value: StaffReviewFilter; label: string }[] = [
  { value: 'visible', label: 'Опубликованные' },
  { value: 'hidden', label: 'Скрытые' },
]

function HideForm({ review }: { review: StaffReview }) {
  const fetcher = useFetcher<StaffActionResult>()
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="kind" value={review.kind} />
      <input type="hidden" name="id" value={review.id} />
      <Stack gap={4}>
        <Textarea name="reason" label="Причина" size="xs" autosize minRows={1} required maxLength={500} />
        <Button type="submit" size="compact-sm" variant="light" color="red" loading={fetcher.state !== 'idle'}>
          Скрыть
        </Button>
        <ActionError result={fetcher.data} />
      </Stack>
    </fetcher.Form>
  )
}

function UnhideForm({ review }: { review: StaffReview }) {
  const fetcher = useFetcher<StaffActionResult>()
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="unhide" />
      <input type="hidden" name="kind" value={review.kind} />
      <input type="hidden" name="id" value={review.id} />
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          Скрыт {review.hiddenAt ? formatDateTimeNumeric(review.hiddenAt) : ''}: {review.hiddenReason}
        </Text>
        <Button type="submit" size="compact-sm" variant="light" loading={fetcher.state !== 'idle'}>
          Показать снова
        </Button>
        <ActionError result={fetcher.data} />
      </Stack>
    </fetcher.Form>
  )
}

/** /personal-account/staff/reviews: buyers' reviews of products and sellers; staff hide abusive ones. */
export default function StaffReviews({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  const { items, status, page, pageSize, total } = loaderData
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h3">
            Отзывы покупателей
          </Title>
          <Text size="sm" c="dimmed">
            Отзывы о товарах и продавцах от организаций, получивших заказ. Скрытый отзыв пропадает со страниц и из
            средней оценки; автор видит причину.
          </Text>
        </Stack>
        <StatusFilter filters={FILTERS} current={status} hrefOf={(value) => `?status=${value}`} />
      </Group>
      {items.length === 0 ? (
        <EmptyState title={status === 'visible' ? 'Отзывов нет' : 'Скрытых отзывов нет'}>
          Отзывы появляются, когда покупатели оценивают полученные заказы.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="sm" aria-label="Отзывы покупателей">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Написан</Table.Th>
                <Table.Th>О чём</Table.Th>
                <Table.Th>Отзыв</Table.Th>
                <Table.Th w={220}>Действие</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((review) => (
                <Table.Tr key={`${review.kind}:${review.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeNumeric(review.createdAt)}</Table.Td>
                  <Table.Td maw={220}>
                    <Badge variant="light" color={review.kind === 'product' ? 'navy' : 'teal'} mb={4}>
                      {review.kind === 'product' ? 'Товар' : 'Продавец'}
                    </Badge>
                    <Anchor component={AppLink} to={review.subject.href} size="sm" display="block">
                      {review.subject.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td maw={420}>
                    <Text size="xs" c="dimmed">
                      {review.author} · оценка {review.rating} из 5
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {review.text}
                    </Text>
                    {review.answer && (
                      <Text size="xs" c="dimmed" mt={4}>
                        Ответ продавца: {review.answer.text}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {status === 'visible' ? <HideForm review={review} /> : <UnhideForm review={review} />}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager page={page} pageSize={pageSize} total={total} />
    </Stack>
  )
}
