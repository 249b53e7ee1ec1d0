import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFileUpload, IconPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { PRODUCT_TAB_LABELS } from '#common/products.ts'
import { type ListState, listHref, NEW_PRODUCT_PATH } from './list-url.ts'
import { IMPORT_PRODUCTS_PATH } from './product-paths.ts'
import { quote } from '#common/format.ts'

function Empty({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack gap="sm" align="center">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={560}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  )
}

/**
 * A tab with nothing to show says what to do next; a search that found nothing says so and
 * offers to clear it; a page past the end leads back to the first.
 */
export function ProductsEmpty({ state, total }: { state: ListState; total: number }) {
  if (total > 0)
    return (
      <Empty
        title="На этой странице товаров нет"
        action={
          <Button component={AppLink} to={listHref(state, { page: 1 })} variant="default">
            К первой странице
          </Button>
        }
      >
        Товаров в разделе меньше, чем нужно для этой страницы.
      </Empty>
    )
  if (state.q)
    return (
      <Empty
        title="Ничего не нашлось"
        action={
          <Button component={AppLink} to={listHref(state, { q: '' })} variant="default">
            Сбросить поиск
          </Button>
        }
      >
        В разделе {quote(PRODUCT_TAB_LABELS[state.tab])} нет товаров, в названии или артикуле которых есть{' '}
        {quote(state.q)}. Проверьте написание или поищите в другом разделе.
      </Empty>
    )
  switch (state.tab) {
    case 'non-published':
      return (
        <Empty
          title="Черновиков нет"
          action={
            <Group gap="sm" justify="center">
              <Button component={AppLink} to={NEW_PRODUCT_PATH} leftSection={<IconPlus size={18} aria-hidden="true" />}>
                Добавить товар
              </Button>
              <Button
                component={AppLink}
                to={IMPORT_PRODUCTS_PATH}
                variant="default"
                leftSection={<IconFileUpload size={18} aria-hidden="true" />}
              >
                Загрузить из файла
              </Button>
            </Group>
          }
        >
          Создайте первый товар или загрузите каталог из файла. Черновик можно заполнять постепенно, а когда он будет
          готов — отправить на модерацию.
        </Empty>
      )
    case 'moderation':
      return (
        <Empty title="На модерации ничего нет">
          Товары, которые вы отправите на модерацию, ждут здесь проверки сотрудниками платформы. После проверки товар
          появится в каталоге или вернётся в черновики с комментарием, что исправить.
        </Empty>
      )
    case 'published':
      return (
        <Empty
          title="Опубликованных товаров пока нет"
          action={
            <Button component={AppLink} to={listHref(state, { tab: 'non-published' })} variant="default">
              Перейти к черновикам
            </Button>
          }
        >
          Товар попадает в каталог после модерации: заполните черновик и отправьте его на проверку — когда сотрудники
          платформы его одобрят, он появится здесь и в каталоге.
        </Empty>
      )
  }
}
