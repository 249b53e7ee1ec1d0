import type { ReactNode } from 'react'
import ui from '#app/components/ui/ui.module.css'
import { formatDate } from '#app/lib/format.ts'
import { DELIVERY_METHOD_LABELS, type OrderDetails } from '#common/orders.ts'
import classes from './order-facts.module.css'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className={classes.label}>{label}</dt>
      <dd className={`${classes.value} ${classes.preWrap}`}>{children}</dd>
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
    <section className={`${ui.panel} ${classes.panel} ${classes.stackSm}`} aria-labelledby="order-delivery-title">
      <h2 className={`${ui.title} ${ui.h3}`} id="order-delivery-title">
        Доставка
      </h2>
      <dl className={classes.facts}>
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
              <a href={`tel:${order.contactPhone}`} className={ui.anchor}>
                {formatPhone(order.contactPhone)}
              </a>
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
      </dl>
    </section>
  )
}
