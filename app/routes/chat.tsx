import { Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import { IconMessages } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import { type ChatPageData, ChatScreen } from '#app/components/chat/ChatScreen.tsx'
import { MantineScope } from '#app/components/MantineScope.tsx'
import { SignInRequired } from '#app/components/SignInRequired.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { getAppContext } from '#app/lib/load-context.ts'
import { CHAT_MESSAGES } from '#common/chat.ts'
import { isAppError } from '#common/errors.ts'
import type { Route } from './+types/chat'

export const meta: Route.MetaFunction = pageMeta(() => [
  { title: 'Сообщения — БАС Маркет' },
  { name: 'robots', content: 'noindex, nofollow' },
])

/** Someone's own conversations: no cache may keep them (like the personal account). */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const COMPANY_PATH = '/personal-account/company'

/**
 * /chat (auth): the rooms of the user's organizations, and the room `?roomId=` names. Chat works
 * only for a confirmed organization (spec section 6): anyone else gets why and where to fix it.
 * An unknown or foreign room is said so, never replaced by another room.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return { kind: 'guest' as const }
  if (!ctx.organization?.roles.some((r) => r.status === 'confirmed')) return { kind: 'notConfirmed' as const }
  const params = new URL(request.url).searchParams
  const q = params.get('q')?.trim() ?? ''
  const roomId = params.get('roomId')
  const [rooms, open] = await Promise.all([
    services.chat.listRooms(ctx, { q: q || undefined }),
    roomId ? loadRoom(roomId) : null,
  ])
  return { kind: 'chat' as const, q, rooms, open } satisfies ChatPageData

  async function loadRoom(guid: string) {
    try {
      const [room, page] = await Promise.all([
        services.chat.getRoom(ctx, guid),
        services.chat.listMessages(ctx, guid, {}),
      ])
      return { kind: 'room' as const, room, page }
    } catch (error) {
      // Not-owned looks like not-found; a malformed id is no different for the reader.
      if (isAppError(error) && ['not_found', 'forbidden', 'invalid'].includes(error.kind)) {
        return { kind: 'missing' as const, guid }
      }
      throw error
    }
  }
}

function NotConfirmed() {
  return (
    <Paper withBorder p="xl" maw={640} mx="auto">
      <Stack align="start">
        <IconMessages size={40} aria-hidden="true" />
        <Title order={1} size="h2">
          Сообщения
        </Title>
        <Text>{CHAT_MESSAGES.notConfirmed}</Text>
        <Anchor component={AppLink} to={COMPANY_PATH} fw={600}>
          Перейти к компании
        </Anchor>
      </Stack>
    </Paper>
  )
}

export default function ChatRoute({ loaderData }: Route.ComponentProps) {
  return (
    <MantineScope>
      {loaderData.kind === 'guest' && (
        <SignInRequired title="Сообщения" text="Войдите, чтобы переписываться с продавцами и покупателями." />
      )}
      {loaderData.kind === 'notConfirmed' && <NotConfirmed />}
      {loaderData.kind === 'chat' && <ChatScreen data={loaderData} />}
    </MantineScope>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
