import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { Form, useActionData, useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { SIGN_IN_FIRST, type StaffActionResult, staffActionFailure, staffContext } from '#app/lib/staff-access.ts'
import { getCategory } from '#common/catalog/categories.ts'
import { modelDetails } from '#common/catalog/models.ts'
import { formatCount } from '#common/format.ts'
import type { Route } from './+types/models'

const MODELS_PATH = '/personal-account/staff/models'
const OFFER_FORMS = ['предложение', 'предложения', 'предложений'] as const

/**
 * /personal-account/staff/models: the catalogue's models, found by name, part number or GTIN, and
 * their merge: staff pick the model that duplicates another (`?merge=`), then the one its offers
 * go to. The duplicate then leads to the other wherever it is named.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const params = new URL(request.url).searchParams
  const q = (params.get('q') ?? '').slice(0, 100)
  const mergeId = params.get('merge')
  const [models, merging] = await Promise.all([
    loadOrFail(request, () => app.services.catalog.listModels(app.ctx, q)),
    // A model merged or gone meanwhile is simply not offered for merging.
    mergeId ? app.services.catalog.describeModel(app.ctx, mergeId).catch(() => null) : null,
  ])
  return { q, models, merging: merging && { id: merging.id, title: merging.title, offerCount: merging.offerCount } }
}

export async function action({ request, context }: Route.ActionArgs): Promise<StaffActionResult> {
  const app = staffContext(context)
  if (!app) return SIGN_IN_FIRST
  const form = await request.formData()
  try {
    const fromTitle = String(form.get('fromTitle') ?? '')
    const intoTitle = String(form.get('intoTitle') ?? '')
    const { moved } = await app.services.catalog.mergeModels(app.ctx, String(form.get('fromId') ?? ''), {
      intoId: String(form.get('intoId') ?? ''),
    })
    return {
      ok: true,
      message: `Модель «${fromTitle}» объединена с «${intoTitle}»: перенесено ${formatCount(moved, OFFER_FORMS)}.`,
    }
  } catch (error) {
    return staffActionFailure(error)
  }
}

export default function StaffModels({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  if (!loaderData) return null
  const { q, models, merging } = loaderData
  const candidates = merging ? models.filter((m) => m.id !== merging.id) : models
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          Модели каталога
        </Title>
        <Text size="sm" c="dimmed">
          Одна модель — одна карточка в каталоге с предложениями всех продавцов. Если одна модель заведена дважды,
          объедините их: предложения перейдут в выбранную модель.
        </Text>
      </Stack>
      <Form method="get" role="search" aria-label="Поиск моделей">
        {merging && <input type="hidden" name="merge" value={merging.id} />}
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            name="q"
            label="Название, P/N производителя или GTIN"
            defaultValue={q}
            maxLength={100}
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
            Найти
          </Button>
        </Group>
      </Form>
      {result && (
        <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'} py="xs">
          {result.message}
        </Alert>
      )}
      {merging && (
        <Paper withBorder p="md" radius="md" bg="yellow.0" component="section" aria-labelledby="merge-title">
          <Stack gap={6}>
            <Title order={3} size="h5" id="merge-title">
              Объединение: «{merging.title}»
            </Title>
            <Text size="sm">
              Найдите модель, в которую перенести {formatCount(merging.offerCount, OFFER_FORMS)}, и нажмите «Объединить
              в эту модель». Отменить объединение нельзя.
            </Text>
            <Anchor component={AppLink} to={q ? `${MODELS_PATH}?q=${encodeURIComponent(q)}` : MODELS_PATH} size="sm">
              Отменить выбор
            </Anchor>
          </Stack>
        </Paper>
      )}
      {candidates.length === 0 ? (
        <EmptyState title={q ? `Моделей «${q}» нет` : 'Моделей пока нет'}>
          Попробуйте другое название, P/N производителя или GTIN.
        </EmptyState>
      ) : (
        // Two columns fit a phone: the offers are counted in the model's line.
        <Table.ScrollContainer minWidth={340}>
          <Table striped verticalSpacing="sm" aria-label="Модели каталога">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Модель</Table.Th>
                <Table.Th>Действие</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {candidates.map((model) => (
                <Table.Tr key={model.id}>
                  <Table.Td>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {model.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {modelDetails(model, { named: true, category: getCategory(model.categorySlug)?.title })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {merging ? (
                      <Form method="post">
                        <input type="hidden" name="fromId" value={merging.id} />
                        <input type="hidden" name="fromTitle" value={merging.title} />
                        <input type="hidden" name="intoId" value={model.id} />
                        <input type="hidden" name="intoTitle" value={model.title} />
                        <Button
                          type="submit"
                          size="xs"
                          color="red"
                          variant="light"
                          loading={navigation.state === 'submitting'}
                          aria-label={`Объединить «${merging.title}» в модель «${model.title}»`}
                        >
                          Объединить в эту модель
                        </Button>
                      </Form>
                    ) : (
                      <Button
                        component={AppLink}
                        to={`${MODELS_PATH}?merge=${model.id}${q ? `&q=${encodeURIComponent(q)}` : ''}`}
                        size="xs"
                        variant="default"
                        aria-label={`Объединить модель «${model.title}» с другой`}
                      >
                        Объединить…
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
