import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useFetcher } from 'react-router'
import { modelDetails, type ModelSummary } from '#common/catalog/models.ts'
import type { ActionResult } from '#app/lib/action-result.ts'

export type ModelAttachResult = ActionResult<{ intent: 'attach-model'; message: string }, { intent: 'attach-model' }>

/**
 * The duplicate check of a product that proposes a new model: the catalogue's models like it
 * (the same name as compared, GTIN, part number, or a close name). Staff attach the product to
 * one of them instead of approving a second card of the same drone; with none, approval makes
 * the new model. A product attached to a model says so.
 */
export function SimilarModels({
  productId,
  attached,
  models,
}: {
  productId: string
  attached: boolean
  models: ModelSummary[]
}) {
  const fetcher = useFetcher<ModelAttachResult>({ key: `product-model-${productId}` })
  const result = fetcher.state === 'idle' ? fetcher.data : undefined
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="similar-models-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="similar-models-title">
          Каталог моделей
        </Title>
        {result && (
          <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'} py="xs">
            {result.message}
          </Alert>
        )}
        {attached ? (
          <Text size="sm">
            Товар привязан к модели каталога: описание, характеристики и фото — из её карточки. После одобрения он
            станет ещё одним предложением этой модели.
          </Text>
        ) : models.length === 0 ? (
          <Text size="sm">Похожих моделей в каталоге нет: после одобрения товар станет новой моделью.</Text>
        ) : (
          <>
            <Text size="sm">
              Продавец предлагает новую модель. Если это одна из моделей ниже, привяжите товар к ней, чтобы в каталоге
              не появилось две карточки одного беспилотника.
            </Text>
            <Stack gap="xs" component="ul" aria-label="Похожие модели" style={{ listStyle: 'none', padding: 0 }}>
              {models.map((model) => (
                <Group key={model.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {model.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {modelDetails(model, { named: true })}
                    </Text>
                  </div>
                  <fetcher.Form method="post">
                    <input type="hidden" name="intent" value="attach-model" />
                    <input type="hidden" name="modelId" value={model.id} />
                    <Button
                      type="submit"
                      size="xs"
                      variant="light"
                      loading={fetcher.state !== 'idle'}
                      aria-label={`Привязать к модели ${model.title}`}
                    >
                      Привязать к этой модели
                    </Button>
                  </fetcher.Form>
                </Group>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  )
}
