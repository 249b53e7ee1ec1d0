import ui from '#app/components/ui/ui.module.css'
import { formatDateTime } from '#app/lib/format.ts'
import { ORDER_STATUS_LABELS, type OrderHistoryEntry } from '#common/orders.ts'
import classes from './order-facts.module.css'

const ACTORS: Record<OrderHistoryEntry['by'], string> = {
  buyer: 'Покупатель',
  seller: 'Продавец',
  system: 'Платформа',
}

/** What a step that leaves the status as it was is called: a correction (common/order-corrections.ts), a late УПД. */
const SAME_STATUS_STEPS: Record<string, string> = {
  return_requested: 'Запрошен возврат товара',
  price_proposed: 'Предложено изменить цену',
  correction_accepted: 'Корректировка принята, выставлен УКД',
  correction_refused: 'Корректировка отклонена',
  correction_withdrawn: 'Корректировка отозвана',
  upd_issued: 'Выставлен УПД',
}

/**
 * What the entry's step was called: the order's first step is its placement, not a status change;
 * a correction's step leaves the status as it was.
 */
function titleOf(entry: OrderHistoryEntry): string {
  if (entry.from === null) return 'Заказ оформлен'
  const correction = SAME_STATUS_STEPS[entry.event]
  if (correction) return correction
  return ORDER_STATUS_LABELS[entry.to]
}

/** «Продавец · Анна Смирнова»; the platform's own moves have no person. */
export function actorOf(entry: Pick<OrderHistoryEntry, 'by' | 'byName'>): string {
  return entry.byName && entry.by !== 'system' ? `${ACTORS[entry.by]} · ${entry.byName}` : ACTORS[entry.by]
}

/** The order's history, oldest first: each move with who made it, when, and what they wrote. */
export function OrderTimeline({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <section className={`${ui.panel} ${classes.panel} ${classes.stackMd}`} aria-labelledby="order-history-title">
      <h2 className={`${ui.title} ${ui.h3}`} id="order-history-title">
        История заказа
      </h2>
      <ol className={classes.timeline}>
        {history.map((entry, i) => (
          <li key={`${entry.at}-${i}`} className={classes.step}>
            <p className={`${ui.text} ${classes.stepTitle}`}>{titleOf(entry)}</p>
            <p className={`${ui.text} ${ui.sm}`}>{actorOf(entry)}</p>
            <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            {entry.comment && (
              <p className={`${ui.text} ${ui.sm} ${classes.preWrap} ${classes.comment}`}>
                {entry.to === 'cancelled' && entry.from !== 'cancelled' ? 'Причина' : 'Комментарий'}: {entry.comment}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
