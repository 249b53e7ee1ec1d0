import { Stack, Text } from '@mantine/core'
import { SessionsTable } from '#app/components/exchange-1c/SessionsTable.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffContext } from '#app/lib/staff-access.ts'
import type { Route } from './+types/exchange-1c'

/** Staff: every vendor's sessions of the exchange with 1С, newest first, each with its errors. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const search = searchOf(request)
  return loadOrFail(request, () => app.services.exchange1c.staffLog(app.ctx, { page: search.page ?? 1 }))
}

export default function StaffExchange1c({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  return (
    <Stack gap="md">
      <Text c="dimmed" maw={720}>
        Сеансы обмена поставщиков с 1С: выгрузки каталога и обмен заказами, с файлами, счётчиками и текстами ошибок.
      </Text>
      <SessionsTable page={loaderData} hrefOf={(id) => `/personal-account/exchange-1c/${id}`} withOrganization />
    </Stack>
  )
}
