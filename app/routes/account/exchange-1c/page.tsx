import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { Form, useActionData, useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { EXCHANGE_1C_PATH } from '#app/components/company/Exchange1cBlock.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { SessionsTable } from '#app/components/exchange-1c/SessionsTable.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { actionFailure, formValues } from '#app/lib/action-result.ts'
import { formatCount, formatNumber } from '#app/lib/format.ts'
import { PRODUCTS } from '#common/counted-words.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { CATEGORIES, categoryTrail, isLeafCategory } from '#common/catalog/categories.ts'
import type { Route } from './+types/page'

export const meta: Route.MetaFunction = pageMeta(() => [{ title: 'Обмен с 1С — личный кабинет — БАС Маркет' }])

// Leaf categories grouped by their root, as the product form offers them.
const CATEGORY_OPTIONS = [
  { value: '', label: 'Не сопоставлена: товары ждут в черновиках' },
  ...CATEGORIES.filter((c) => c.parent === null).map((root) => ({
    group: root.title,
    items: CATEGORIES.filter((c) => isLeafCategory(c.slug) && categoryTrail(c.slug)[0] === root).map((c) => ({
      value: c.slug,
      label: c.title,
    })),
  })),
]

/**
 * /personal-account/exchange-1c: the vendor's groups of goods in 1С mapped to the catalogue's
 * categories, and the exchange log. The credentials are on the company page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return { kind: 'guest' as const }
  const vendor = ctx.organization?.roles.some((r) => r.type === 'vendor' && r.status === 'confirmed')
  if (!vendor || ctx.organization?.memberRole === 'member') return { kind: 'notAllowed' as const }
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1) || 1
  const [settings, groups, log] = await loadOrFail(request, () =>
    Promise.all([
      services.exchange1c.settings(ctx),
      services.exchange1c.groups(ctx),
      services.exchange1c.log(ctx, { page }),
    ]),
  )
  return { kind: 'page' as const, settings, groups, log }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, ctx } = getAppContext(context)
  const values = formValues(await request.formData())
  const groups = Object.fromEntries(
    Object.entries(values)
      .filter(([name]) => name.startsWith('group.'))
      .map(([name, slug]) => [name.slice('group.'.length), slug || null]),
  )
  try {
    const { submitted } = await services.exchange1c.mapGroups(ctx, { groups })
    return {
      ok: true as const,
      message: submitted
        ? `Сопоставление сохранено, на модерацию отправлено: ${formatCount(submitted, PRODUCTS)}`
        : 'Сопоставление сохранено: товары групп разложены по категориям',
    }
  } catch (error) {
    return actionFailure(error, values)
  }
}

export default function Exchange1cPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  if (loaderData.kind === 'guest') return null
  if (loaderData.kind === 'notAllowed')
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Обмен с 1С
        </Title>
        <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
          Обмен с 1С настраивают владелец или администратор подтверждённого поставщика.{' '}
          <Anchor component={AppLink} to={COMPANY_PATH} underline="always">
            Перейти к компании
          </Anchor>
        </Alert>
      </Stack>
    )
  const { settings, groups, log } = loaderData
  const failure = result && !result.ok ? result : undefined
  const unmapped = groups.filter((g) => !g.categorySlug && g.goods > 0).length
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Обмен с 1С
        </Title>
        <Text c="dimmed">
          {settings.enabled ? (
            <>
              1С входит как <code>{settings.login}</code> по адресу <code>{settings.address}</code>.{' '}
            </>
          ) : (
            'Обмен выключен. '
          )}
          <Anchor component={AppLink} to={COMPANY_PATH} underline="always">
            Логин, пароль и настройки — на странице компании
          </Anchor>
        </Text>
      </Stack>

      <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="groups" id="groups">
        <Title order={2} size="h3" id="groups-title" mb={4}>
          Группы 1С и категории каталога
        </Title>
        <Text size="sm" c="dimmed" mb="md" maw={720}>
          Каждой группе товаров из 1С выберите категорию каталога. Товары несопоставленной группы ждут в черновиках;
          после сопоставления они получат категорию сразу, а заполненные уйдут на модерацию.
          {unmapped > 0 && ` Не сопоставлено групп с товарами: ${formatNumber(unmapped)}.`}
        </Text>
        {groups.length === 0 ? (
          <Text>Групп пока нет: они появятся после первой выгрузки каталога из 1С.</Text>
        ) : (
          <Form method="post" aria-label="Группы 1С и категории каталога">
            <Stack gap="md">
              <FormMessage success={result?.ok ? result.message : undefined} failure={failure} />
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs" withTableBorder aria-label="Группы 1С">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Группа в 1С</Table.Th>
                      <Table.Th ta="right">Товаров</Table.Th>
                      <Table.Th>Категория каталога</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {groups.map((group) => (
                      <Table.Tr key={group.id}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{group.name}</Table.Td>
                        <Table.Td ta="right">{formatNumber(group.goods)}</Table.Td>
                        <Table.Td miw={220}>
                          <NativeSelect
                            name={`group.${group.id}`}
                            aria-label={`Категория для группы «${group.name}»`}
                            data={CATEGORY_OPTIONS}
                            defaultValue={failure?.values[`group.${group.id}`] ?? group.categorySlug ?? ''}
                            error={failure?.fieldErrors[`groups.${group.id}`]}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group>
                <Button type="submit" loading={navigation.state === 'submitting'}>
                  Сохранить сопоставление
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="log-title" id="log">
        <Title order={2} size="h3" id="log-title">
          Журнал обмена
        </Title>
        <SessionsTable page={log} hrefOf={(id) => `${EXCHANGE_1C_PATH}/${id}`} />
      </Stack>
    </Stack>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
