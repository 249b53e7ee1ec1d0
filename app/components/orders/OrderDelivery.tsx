import { Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatDate } from '#app/lib/format.ts'
import { DELIVERY_METHOD_LABELS, type OrderDetails } from '#common/orders.ts'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  )
}

/** «+79123456789» as people write it: «+7 912 345-67-89». */
function formatPhone(phone: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone)
  return m ? `+7 ${m[1]} ${m[2]}-${m[3]}-${m[4]}` : phone
}

type DeliveryView = Pick<
  OrderDetails,
  'delivery' | 'contactName' | 'contactPhone' | 'comment' | 'deliveryDate' | 'shipment'
>

/** How the goods reach the buyer: the chosen way, who receives them, what was promised and sent. */
export function OrderDelivery({ order }: { order: DeliveryView }) {
  const { delivery, shipment } = order
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-delivery-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="order-delivery-title">
          Доставка
        </Title>
        <Stack component="dl" gap={8} m={0}>
          <Fact label="Способ получения">{DELIVERY_METHOD_LABELS[delivery.method]}</Fact>
          {delivery.address && (
            <Fact label={delivery.method === 'pickup' ? 'Адрес склада' : 'Адрес доставки'}>{delivery.address}</Fact>
          )}
          {delivery.carrier && <Fact label="Транспортная компания покупателя">{delivery.carrier}</Fact>}
          <Fact label="Контактное лицо">
            {order.contactName}
            {order.contactPhone && (
              <>
                {', '}
                <Anchor href={`tel:${order.contactPhone}`} size="sm">
                  {formatPhone(order.contactPhone)}
                </Anchor>
              </>
            )}
          </Fact>
          {order.deliveryDate && (
            <Fact label="Продавец обещал доставить или передать">{formatDate(`${order.deliveryDate}T12:00:00Z`)}</Fact>
          )}
          {order.comment && <Fact label="Комментарий покупателя">{order.comment}</Fact>}
          {shipment && (
            <>
              {shipment.carrier && <Fact label="Отправлен через">{shipment.carrier}</Fact>}
              {shipment.trackingNumber && <Fact label="Трек-номер">{shipment.trackingNumber}</Fact>}
            </>
          )}
        </Stack>
      </Stack>
    </Paper>
  )
}
