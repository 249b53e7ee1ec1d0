import { Anchor, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconPlus, IconSearch } from '@tabler/icons-react'
import { Form, useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { StatusFilter } from '#app/components/lists/StatusFilter.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatCount, formatDateTimeNumeric } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffContext } from '#app/lib/staff-access.ts'
import {
  ARTICLE_RUBRIC_LABELS,
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  type ArticleStatus,
  mediaLinks,
  type StaffArticleRow,
} from '#common/media/articles.ts'
import type { Route } from './+types/articles'

type StatusValue = ArticleStatus | 'all'

const FILTERS: { value: StatusValue; label: string }[] = [
  { value: 'all', label: 'Все' },
  ...ARTICLE_STATUSES.map((value) => ({ value, label: ARTICLE_STATUS_LABELS[value] })),
]

const isStatus = (value: string | undefined): value is ArticleStatus =>
  (ARTICLE_STATUSES as readonly string[]).includes(value ?? '')

/** /personal-account/staff/articles: every article of the media, newest change first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const search = searchOf(request)
  const status = isStatus(search.status) ? search.status : undefined
  const q = search.q?.trim() ?? ''
  const page = Math.max(1, Math.min(500, Number.parseInt(search.page ?? '1', 10) || 1))
  const list = await loadOrFail(request, () =>
    app.services.media.staffList(app.ctx, { status, q: q || undefined, page }),
  )
  return { ...list, status: status ?? ('all' as const), q }
}

export const meta: Route.MetaFunction = () => [
  { title: 'Статьи — модерация — БАС Маркет' },
  { name: 'robots', content: 'noindex' },
]

function ArticleRow({ row }: { row: StaffArticleRow }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Anchor
            component={AppLink}
            to={mediaLinks.staffEdit(row.id)}
            fw={600}
            style={{ overflowWrap: 'anywhere', flex: '1 1 16rem' }}
          >
            {row.title || 'Без заголовка'}
          </Anchor>
          <StatusBadge lifecycle="article" status={row.status} />
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed">
              Рубрика:{' '}
            </Text>
            {ARTICLE_RUBRIC_LABELS[row.rubric]}
          </Text>
          {row.publishAt && (
            <Text size="sm">
              <Text span c="dimmed">
                {row.status === 'scheduled' ? 'Выйдет: ' : 'Опубликована: '}
              </Text>
              {formatDateTimeNumeric(row.publishAt)} МСК
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Изменена {formatDateTimeNumeric(row.updatedAt)}, {row.updatedBy}
        </Text>
      </Stack>
    </Paper>
  )
}

function hrefOf(status: StatusValue, q: string) {
  const params = new URLSearchParams()
  if (status !== 'all') params.set('status', status)
  if (q) params.set('q', q)
  const search = params.toString()
  return search ? `${mediaLinks.staffList}?${search}` : mediaLinks.staffList
}

export default function StaffArticles({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation()
  if (!loaderData) return null
  const { items, total, page, pageSize, status, q } = loaderData
  const pending = navigation.state === 'loading' && navigation.location?.pathname === mediaLinks.staffList
  const filtered = status !== 'all' || q !== ''
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h3">
            Статьи
          </Title>
          <Text size="sm" c="dimmed">
            Черновики, запланированные, опубликованные и снятые статьи раздела «Медиа».
          </Text>
        </Stack>
        <Button component={AppLink} to={mediaLinks.staffNew} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          Новая статья
        </Button>
      </Group>
      <StatusFilter filters={FILTERS} current={status} hrefOf={(value) => hrefOf(value, q)} />
      <Form method="get" role="search" aria-label="Поиск статей">
        {status !== 'all' && <input type="hidden" name="status" value={status} />}
        <Group gap="sm" align="end" wrap="nowrap">
          <TextInput
            name="q"
            label="Поиск по заголовку или адресу"
            placeholder="Например, регистрация дрона"
            defaultValue={q}
            key={q}
            maxLength={100}
            style={{ flex: 1, maxWidth: 420 }}
          />
          <Button
            type="submit"
            variant="default"
            loading={pending}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
          >
            Найти
          </Button>
        </Group>
      </Form>
      <Box aria-busy={pending} style={{ opacity: pending ? 0.6 : 1 }}>
        {items.length === 0 ? (
          total > 0 ? (
            <EmptyState title="На этой странице статей нет">
              <AppLink to={hrefOf(status, q)}>К первой странице</AppLink>
            </EmptyState>
          ) : filtered ? (
            <EmptyState title="Таких статей нет">
              <AppLink to={mediaLinks.staffList}>Показать все статьи</AppLink>
            </EmptyState>
          ) : (
            <EmptyState title="Статей пока нет">Нажмите «Новая статья», чтобы написать первую.</EmptyState>
          )
        ) : (
          <Stack gap="sm">
            <Text size="sm" role="status">
              {formatCount(total, ['статья', 'статьи', 'статей'])}
            </Text>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Статьи">
              {items.map((row) => (
                <ArticleRow key={row.id} row={row} />
              ))}
            </Stack>
          </Stack>
        )}
      </Box>
      {total > 0 && <ListPager page={page} pageSize={pageSize} total={total} />}
    </Stack>
  )
}
