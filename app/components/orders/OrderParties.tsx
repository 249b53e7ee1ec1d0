import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { OrderDetails, OrderParty } from '#common/orders.ts'

function Requisite({ label, value }: { label: string; value: string | null }) {
  if (!value) return null
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  )
}

function PartyCard({ title, party, id }: { title: string; party: OrderParty; id: string }) {
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {party.name}
        </Text>
        <Stack component="dl" gap={6} m={0}>
          {party.fullName !== party.name && <Requisite label="Полное наименование" value={party.fullName} />}
          <Requisite label="ИНН" value={party.inn} />
          <Requisite label="КПП" value={party.kpp} />
          <Requisite label="Юридический адрес" value={party.address} />
        </Stack>
      </Stack>
    </Paper>
  )
}

/** Buyer and seller with their requisites as of the day of the order (what the documents show). */
export function OrderParties({ order }: { order: Pick<OrderDetails, 'buyerParty' | 'sellerParty'> }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="order-parties-title">
      <Title order={2} size="h3" id="order-parties-title">
        Стороны
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PartyCard title="Покупатель" party={order.buyerParty} id="order-buyer-title" />
        <PartyCard title="Продавец" party={order.sellerParty} id="order-seller-title" />
      </SimpleGrid>
    </Stack>
  )
}
