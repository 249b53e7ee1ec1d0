import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { isAppError } from '#common/errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/chat-unsubscribe'

export const meta: Route.MetaFunction = () => [
  { title: 'Письма о непрочитанных сообщениях — БАС Маркет' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' }
}

/**
 * The unsubscribe link of the chat's e-mail digest. Opening it changes nothing (mail scanners
 * open links too); the button does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, ctx } = getAppContext(context)
  const form = await request.formData()
  try {
    await services.chat.digests.unsubscribe(ctx, { token: String(form.get('token') ?? '') })
    return { ok: true as const }
  } catch (error) {
    if (!isAppError(error)) throw error
    return { ok: false as const, message: error.message }
  }
}

export default function ChatUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === 'submitting'
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" my="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          Письма о непрочитанных сообщениях
        </Title>
        {actionData?.ok ? (
          <Alert color="teal" role="status" title="Вы отписались">
            Мы больше не будем присылать письма о непрочитанных сообщениях в чате. Новые сообщения по-прежнему видны в
            разделе <AppLink to="/chat">«Чат»</AppLink>.
          </Alert>
        ) : (
          <>
            <Text>
              Если вас долго нет на сайте, мы присылаем письмо о сообщениях, которые вы ещё не прочитали. Отписаться от
              таких писем?
            </Text>
            {actionData && !actionData.ok && (
              <Alert color="red" role="alert">
                {actionData.message}
              </Alert>
            )}
            <Form method="post">
              <input type="hidden" name="token" value={loaderData.token} />
              <Button type="submit" loading={sending} disabled={!loaderData.token}>
                Отписаться
              </Button>
            </Form>
          </>
        )}
      </Stack>
    </Paper>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
