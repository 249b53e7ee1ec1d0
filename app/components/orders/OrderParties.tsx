import ui from '#app/components/ui/ui.module.css'
import type { OrderDetails, OrderParty } from '#common/orders.ts'
import classes from './order-facts.module.css'

function Requisite({ label, value }: { label: string; value: string | null }) {
  if (!value) return null
  return (
    <div>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>{value}</dd>
    </div>
  )
}

function PartyCard({ title, party, id }: { title: string; party: OrderParty; id: string }) {
  return (
    <article className={`${ui.panel} ${classes.panel} ${classes.stackXs}`} aria-labelledby={id}>
      <h3 className={`${ui.title} ${ui.h5}`} id={id}>
        {title}
      </h3>
      <p className={`${ui.text} ${classes.name}`}>{party.name}</p>
      <dl className={`${classes.facts} ${classes.requisites}`}>
        {party.fullName !== party.name && <Requisite label="Полное наименование" value={party.fullName} />}
        <Requisite label="ИНН" value={party.inn} />
        <Requisite label="КПП" value={party.kpp} />
        <Requisite label="Юридический адрес" value={party.address} />
      </dl>
    </article>
  )
}

/** Buyer and seller with their requisites as of the day of the order (what the documents show). */
export function OrderParties({ order }: { order: Pick<OrderDetails, 'buyerParty' | 'sellerParty'> }) {
  return (
    <section className={classes.stackSm} aria-labelledby="order-parties-title">
      <h2 className={`${ui.title} ${ui.h3}`} id="order-parties-title">
        Стороны
      </h2>
      <div className={classes.pair}>
        <PartyCard title="Покупатель" party={order.buyerParty} id="order-buyer-title" />
        <PartyCard title="Продавец" party={order.sellerParty} id="order-seller-title" />
      </div>
    </section>
  )
}
