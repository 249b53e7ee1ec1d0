import { Button, Group, Stack, Text, Title } from '@mantine/core'
import {
  IconArrowsExchange,
  IconFileCheck,
  IconHistory,
  IconInbox,
  IconMail,
  IconMessageReport,
  IconNews,
  IconPackage,
  IconPlane,
  IconStack2,
  IconStar,
} from '@tabler/icons-react'
import { Outlet, useLocation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { staffContext } from '#app/lib/staff-access.ts'
import type { Route } from './+types/layout'

/** /personal-account/staff: the platform staff's pages, under the personal-account layout. */
export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: staffContext(context) !== null }
}

export const meta: Route.MetaFunction = () => [
  { title: 'Модерация — БАС Маркет' },
  { name: 'robots', content: 'noindex' },
]

const TABS = [
  { to: '/personal-account/staff', label: 'Проверка ролей', Icon: IconFileCheck, exact: true },
  { to: '/personal-account/staff/products', label: 'Товары', Icon: IconPackage },
  { to: '/personal-account/staff/models', label: 'Модели каталога', Icon: IconStack2 },
  { to: '/personal-account/staff/service-offers', label: 'Услуги на модерации', Icon: IconPlane },
  { to: '/personal-account/staff/chat-reports', label: 'Жалобы в чатах', Icon: IconMessageReport },
  { to: '/personal-account/staff/reviews', label: 'Отзывы', Icon: IconStar },
  { to: '/personal-account/staff/articles', label: 'Статьи', Icon: IconNews },
  { to: '/personal-account/staff/exchange-1c', label: 'Обмен с 1С', Icon: IconArrowsExchange },
  { to: '/personal-account/staff/leads', label: 'Заявки с форм', Icon: IconInbox },
  { to: '/personal-account/staff/outbox', label: 'Исходящие письма', Icon: IconMail },
  { to: '/personal-account/staff/audit', label: 'Журнал действий', Icon: IconHistory },
]

function StaffNav() {
  const { pathname } = useLocation()
  const path = pathname.replace(/\/+$/, '')
  return (
    <Group component="nav" aria-label="Разделы модерации" gap={6} wrap="wrap">
      {TABS.map(({ to, label, Icon, exact }) => {
        const active = exact ? path === to : path.startsWith(to)
        return (
          <Button
            key={to}
            component={AppLink}
            to={to}
            size="compact-md"
            variant={active ? 'filled' : 'default'}
            aria-current={active ? 'page' : undefined}
            leftSection={<Icon size={16} aria-hidden="true" />}
          >
            {label}
          </Button>
        )
      })}
    </Group>
  )
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return null
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Модерация
        </Title>
        <Text c="dimmed" size="sm">
          Рабочее место сотрудника платформы: проверка организаций и товаров, статьи медиа, заявки, почта и журнал
          действий.
        </Text>
      </Stack>
      <StaffNav />
      <Outlet />
    </Stack>
  )
}

/**
 * A refusal or a failure on any staff page keeps the personal-account menu around it. The pages
 * below have no boundary of their own: theirs would render under the «Модерация» heading, and an
 * error page has one h1, its own.
 */
export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
