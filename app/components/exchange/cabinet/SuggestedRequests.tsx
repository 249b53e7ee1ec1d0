import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { SuggestedRequest } from '#common/exchange/cabinet.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { formatBudget, SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { regionName } from '#common/regions.ts'
import { quote } from '#common/format.ts'

/**
 * «Подходящие заявки»: open requests of the vendor's published services' types in their regions,
 * each with the way to answer it. Without any, it says how suggestions come.
 */
export function SuggestedRequests({ items }: { items: SuggestedRequest[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="suggested-requests">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="suggested-requests">
          Подходящие заявки
        </Title>
        <Anchor component={AppLink} to={exchangeLinks.exchange('requests')} size="sm">
          Все открытые заявки
        </Anchor>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Сейчас нет открытых заявок по видам работ и регионам ваших опубликованных услуг. Они появятся здесь, как
          только заказчики их разместят.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((request) => (
            <Card component="li" key={request.number} withBorder padding="sm">
              <Stack gap={6} h="100%">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="start">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {request.title}
                  </Text>
                  {request.invited && (
                    <Badge color="indigo" variant="light" style={{ flexShrink: 0 }}>
                      Вас пригласили
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{SERVICE_TYPE_LABELS[request.type]}</Text>
                <Text size="sm" c="dimmed">
                  {request.region ? regionName(request.region) : 'Регион не указан'} · {request.customerName}
                </Text>
                <Group justify="space-between" gap="xs" wrap="wrap" mt="auto">
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {formatBudget(request.budgetKopecks)}
                    </Text>
                    {request.proposalsDeadline && (
                      <Text size="xs" c="dimmed">
                        Приём предложений до {formatDate(request.proposalsDeadline)}
                      </Text>
                    )}
                  </Stack>
                  <Button
                    component={AppLink}
                    to={exchangeLinks.request(request.number)}
                    size="xs"
                    aria-label={`Откликнуться на заявку ${quote(request.title)}`}
                  >
                    Откликнуться
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
