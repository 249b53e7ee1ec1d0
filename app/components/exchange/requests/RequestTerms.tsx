import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { sphereName } from '#app/components/exchange/listing/labels.ts'
import { formatDate } from '#app/lib/format.ts'
import { AttachedFiles, Fact, FlightFacts } from '#app/components/exchange/ExchangeFacts.tsx'
import { LazyAreaMap } from '#app/components/exchange/LazyAreaMap.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatCount } from '#app/lib/format.ts'
import { REQUEST_VISIBILITY_LABELS, type RequestDetails } from '#common/exchange/requests.ts'
import { formatBudget, formatVolume, SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { formatHectares } from '#common/hectares.ts'
import { regionName } from '#common/regions.ts'

const PRE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const
const PROPOSALS = ['предложение', 'предложения', 'предложений'] as const

/** An attachment, downloaded through the request (whoever may see it may have it). */
export const requestFileHref = (number: string, fileId: string) =>
  `/api/v1/exchange/requests/${encodeURIComponent(number)}/files/${fileId}`

function datesLine(startsOn: string | null, endsOn: string | null): string {
  if (startsOn && endsOn)
    return startsOn === endsOn ? formatDate(startsOn) : `${formatDate(startsOn)} — ${formatDate(endsOn)}`
  if (startsOn) return `с ${formatDate(startsOn)}`
  return 'Не указаны'
}

/**
 * A request's terms as everyone allowed to see it reads them: what, where (the area on a map,
 * read-only, with its hectares), when, how much, for what budget, the flight details, the files,
 * and who asks. The customer's moves and the proposals are the page's, below this.
 */
export function RequestTerms({ request }: { request: RequestDetails }) {
  const { flight, customer } = request
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            Заявка № {request.number}
          </Text>
          <StatusBadge lifecycle="serviceRequest" status={request.status} />
        </Group>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {request.title || 'Заявка без названия'}
        </Title>
        <Text size="sm">
          Заказчик:{' '}
          {customer.sellerSlug ? (
            <Anchor component={AppLink} to={`/sellers/${customer.sellerSlug}`} size="sm">
              {customer.name}
            </Anchor>
          ) : (
            customer.name
          )}
        </Text>
      </Stack>

      <Paper withBorder p="md" component="section" aria-labelledby="request-terms-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="request-terms-title">
            Что нужно сделать
          </Title>
          <Stack component="dl" gap={6} m={0}>
            <Fact term="Вид работ">{SERVICE_TYPE_LABELS[request.type]}</Fact>
            {request.sphere && <Fact term="Сфера">{sphereName(request.sphere)}</Fact>}
            <Fact term="Объём">
              {request.volume === null ? 'Не указан' : formatVolume(request.volume, request.volumeUnit)}
            </Fact>
            <Fact term="Бюджет">{formatBudget(request.budgetKopecks)}</Fact>
            <Fact term="Сроки работ">{datesLine(request.startsOn, request.endsOn)}</Fact>
            <Fact term="Срок приёма предложений">
              {request.proposalsDeadline
                ? `до ${formatDate(request.proposalsDeadline)} включительно`
                : 'Срок не указан'}
            </Fact>
            <Fact term="Предложения">
              {request.proposalCount ? formatCount(request.proposalCount, PROPOSALS) : 'Пока нет'}
            </Fact>
            <Fact term="Исполнители">{request.allowSeveral ? 'Можно выбрать нескольких' : 'Один исполнитель'}</Fact>
            <Fact term="Кому видна">{REQUEST_VISIBILITY_LABELS[request.visibility]}</Fact>
          </Stack>
          {request.description && (
            <Text size="sm" style={PRE}>
              {request.description}
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="request-place-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="request-place-title">
            Где
          </Title>
          <Stack component="dl" gap={6} m={0}>
            <Fact term="Регион">{request.region ? regionName(request.region) : 'Не указан'}</Fact>
            {request.address && <Fact term="Адрес">{request.address}</Fact>}
            {request.areaHectares !== null && (
              <Fact term="Площадь участка">{formatHectares(request.areaHectares)}</Fact>
            )}
          </Stack>
          {request.area && (
            <LazyAreaMap
              value={request.area}
              hectares={request.areaHectares}
              readOnly
              label="Участок на карте"
              height={320}
            />
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="request-flight-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="request-flight-title">
            Полёты
          </Title>
          <FlightFacts flight={flight} />
        </Stack>
      </Paper>

      {request.attachments.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="request-files-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="request-files-title">
              Вложения
            </Title>
            <AttachedFiles files={request.attachments} hrefOf={(fileId) => requestFileHref(request.number, fileId)} />
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
