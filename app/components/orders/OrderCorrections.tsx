import { IconArrowBackUp, IconCheck, IconFileTypePdf, IconReceipt, IconX } from '@tabler/icons-react'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { TextareaField, TextField } from '#app/components/ui/fields.tsx'
import ui from '#app/components/ui/ui.module.css'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import { formatPrice } from '#common/catalog/format.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { formatNumber } from '#common/format.ts'
import {
  CORRECTION_KIND_LABELS,
  CORRECTION_LIMITS,
  type CorrectionKind,
  type OrderCorrection,
} from '#common/order-corrections.ts'
import { isReceived, type OrderDetails } from '#common/orders.ts'
import { type ActionState, failureOf, IntentForm, SubmitButton } from './action-state.tsx'
import { priceField, returnField } from './order-forms.ts'
import classes from './order-facts.module.css'
import css from './OrderCorrections.module.css'

type CorrectionsOrder = Pick<OrderDetails, 'side' | 'status' | 'lines' | 'corrections' | 'totalKopecks' | 'vatKopecks'>

const SIDE = { buyer: 'Покупатель', seller: 'Продавец' } as const
const text = `${ui.text} ${ui.sm}`

/** «−11 000,00 ₽», «+2 000,00 ₽». */
function signed(kopecks: number): string {
  return `${kopecks < 0 ? '−' : '+'}${formatPrice(Math.abs(kopecks))}`
}

/** Each changed line: units and the unit price before and after, and what it changes in the sum. */
function ChangedLines({ correction }: { correction: OrderCorrection }) {
  return (
    <div className={css.scroll}>
      <table className={css.table}>
        <caption className={css.hidden}>Позиции корректировки № {correction.number}</caption>
        <thead>
          <tr>
            <th scope="col">Позиция</th>
            <th scope="col">Было</th>
            <th scope="col">Стало</th>
            <th scope="col">Изменение</th>
          </tr>
        </thead>
        <tbody>
          {correction.lines.map((line) => (
            <tr key={line.lineId}>
              <th scope="row">{line.title}</th>
              <td>
                {formatNumber(line.before.quantity)} шт. × {formatPrice(line.before.priceKopecks)}
              </td>
              <td>
                {formatNumber(line.after.quantity)} шт. × {formatPrice(line.after.priceKopecks)}
              </td>
              <td>{signed(line.after.amountKopecks - line.before.amountKopecks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The decisions the caller's side may take on an awaiting correction. */
function Decisions({ correction, state }: { correction: OrderCorrection; state: ActionState }) {
  const fields = { correction: String(correction.number) }
  if (correction.actions.includes('withdraw')) {
    const failure = failureOf(state, 'withdrawCorrection', fields)
    return (
      <IntentForm state={state} intent="withdrawCorrection" fields={fields}>
        <div className={`${classes.stackSm} ${classes.start}`}>
          <p className={text}>Другая сторона ещё не ответила. Пока решения нет, предложение можно отозвать.</p>
          <FormMessage failure={failure} />
          <SubmitButton
            state={state}
            intent="withdrawCorrection"
            variant="default"
            leftSection={<IconArrowBackUp size={18} aria-hidden="true" />}
          >
            Отозвать
          </SubmitButton>
        </div>
      </IntentForm>
    )
  }
  if (!correction.actions.includes('accept')) return null
  const accepting = failureOf(state, 'acceptCorrection', fields)
  const refusing = failureOf(state, 'refuseCorrection', fields)
  return (
    <div className={css.decisions}>
      <IntentForm state={state} intent="acceptCorrection" fields={fields}>
        <div className={classes.stackSm}>
          <p className={text}>
            После принятия продавец выставляет корректировочный документ (УКД) к УПД заказа, а сумма заказа меняется на{' '}
            {signed(correction.differenceKopecks)}.
          </p>
          <TextareaField
            name="comment"
            label="Комментарий"
            description="Необязательно: например, как и когда вернуть деньги или товар"
            maxLength={CORRECTION_LIMITS.reason}
            defaultValue={accepting?.values.comment}
            error={accepting?.fieldErrors.comment}
          />
          <FormMessage failure={accepting} fields={['comment']} />
          <div>
            <SubmitButton
              state={state}
              intent="acceptCorrection"
              leftSection={<IconCheck size={18} aria-hidden="true" />}
            >
              Принять
            </SubmitButton>
          </div>
        </div>
      </IntentForm>
      <IntentForm state={state} intent="refuseCorrection" fields={fields}>
        <div className={classes.stackSm}>
          <p className={text}>Не согласны — отклоните и объясните почему: другая сторона увидит ответ в переписке.</p>
          <TextareaField
            name="comment"
            label="Причина отказа"
            required
            maxLength={CORRECTION_LIMITS.reason}
            defaultValue={refusing?.values.comment}
            error={refusing?.fieldErrors.comment}
          />
          <FormMessage failure={refusing} fields={['comment']} />
          <div>
            <SubmitButton
              state={state}
              intent="refuseCorrection"
              variant="default"
              leftSection={<IconX size={18} aria-hidden="true" />}
            >
              Отклонить
            </SubmitButton>
          </div>
        </div>
      </IntentForm>
    </div>
  )
}

function CorrectionCard({ correction, state }: { correction: OrderCorrection; state: ActionState }) {
  return (
    <li className={`${css.card} ${classes.stackSm}`} aria-labelledby={`correction-${correction.number}`}>
      <div className={classes.row}>
        <h3 className={`${ui.title} ${ui.h5}`} id={`correction-${correction.number}`}>
          Корректировка № {correction.number}: {CORRECTION_KIND_LABELS[correction.kind].toLowerCase()}
        </h3>
        <StatusBadge lifecycle="orderCorrection" status={correction.status} />
      </div>
      <p className={`${text} ${ui.dimmed}`}>
        {SIDE[correction.proposedBy]}, {formatDateTime(correction.createdAt)} · {signed(correction.differenceKopecks)}
      </p>
      <p className={`${text} ${classes.preWrap}`}>Причина: {correction.reason}</p>
      <ChangedLines correction={correction} />
      {correction.decisionComment && (
        <p className={`${text} ${classes.preWrap}`}>
          {correction.status === 'refused' ? 'Причина отказа' : 'Комментарий к решению'}: {correction.decisionComment}
        </p>
      )}
      {correction.decidedAt && correction.status !== 'requested' && (
        <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>Решение: {formatDate(correction.decidedAt)}</p>
      )}
      {correction.ukd && (
        <p className={text}>
          <a href={correction.ukd.href} className={ui.anchor}>
            <IconFileTypePdf size={16} aria-hidden="true" className={css.icon} />
            УКД № {correction.ukd.number} от {formatIsoDate(correction.ukd.date)}
            <span className={`${ui.xs} ${ui.dimmed}`}> (PDF)</span>
          </a>
        </p>
      )}
      <Decisions correction={correction} state={state} />
    </li>
  )
}

/** The form of a new return (units per line) or price change (a new unit price per line). */
function ProposeForm({ order, kind, state }: { order: CorrectionsOrder; kind: CorrectionKind; state: ActionState }) {
  const intent = kind === 'return' ? 'requestReturn' : 'proposePrice'
  const failure = failureOf(state, intent)
  const values = failure?.values ?? {}
  // A problem with the lines («lines», or one line's field «lines.0.quantity») shows under them.
  const lineKeys = Object.keys(failure?.fieldErrors ?? {}).filter((key) => key === 'lines' || key.startsWith('lines.'))
  const linesError = lineKeys.length ? failure!.fieldErrors[lineKeys[0]!] : undefined
  const current = new Map(order.corrections.current.map((c) => [c.lineId, c]))
  const lines = order.lines.filter((line) => (kind === 'price' ? true : (current.get(line.id)?.quantity ?? 0) > 0))
  const id = `propose-${kind}`
  return (
    <details className={css.propose}>
      <summary className={css.summary} id={id}>
        {kind === 'return' ? 'Вернуть часть товара' : 'Предложить новую цену'}
      </summary>
      <IntentForm state={state} intent={intent}>
        <div className={classes.stackSm}>
          <p className={text}>
            {kind === 'return'
              ? 'Укажите, сколько единиц каких позиций вы возвращаете, и причину. Продавец примет или отклонит возврат; принятый возврат оформляется корректировочным документом (УКД).'
              : 'Укажите новую цену за единицу с НДС у тех позиций, где она меняется, и причину (скидка за дефект, пересчёт). Другая сторона примет или отклонит предложение.'}
          </p>
          <fieldset className={`${classes.bare} ${classes.stackSm}`}>
            <legend className={`${classes.legend} ${text}`}>Позиции</legend>
            {lines.map((line) => {
              const now = current.get(line.id)!
              const name = kind === 'return' ? returnField(line.id) : priceField(line.id)
              return kind === 'return' ? (
                <TextField
                  key={line.id}
                  name={name}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={now.quantity}
                  label={`${line.title}: вернуть, шт.`}
                  description={`Получено ${formatNumber(now.quantity)} шт. по ${formatPrice(now.priceKopecks)}`}
                  defaultValue={values[name] ?? ''}
                />
              ) : (
                <TextField
                  key={line.id}
                  name={name}
                  inputMode="decimal"
                  label={`${line.title}: новая цена за единицу, ₽`}
                  description={`Сейчас ${formatPrice(now.priceKopecks)} × ${formatNumber(now.quantity)} шт.; оставьте пустым, если цена не меняется`}
                  defaultValue={values[name] ?? ''}
                />
              )
            })}
            {linesError && (
              <p className={css.error} role="alert">
                {linesError}
              </p>
            )}
          </fieldset>
          <TextareaField
            name="reason"
            label={kind === 'return' ? 'Причина возврата' : 'Причина изменения цены'}
            required
            maxLength={CORRECTION_LIMITS.reason}
            defaultValue={values.reason}
            error={failure?.fieldErrors.reason}
          />
          <FormMessage failure={failure} fields={['reason', ...lineKeys]} />
          <div>
            <SubmitButton state={state} intent={intent} leftSection={<IconReceipt size={18} aria-hidden="true" />}>
              {kind === 'return' ? 'Запросить возврат' : 'Предложить'}
            </SubmitButton>
          </div>
        </div>
      </IntentForm>
    </details>
  )
}

/**
 * Returns and price changes after the goods arrived: each proposal with its lines, where it
 * stands and its correction document, the forms of a new one, and the order's sums after them.
 */
export function OrderCorrections({ order, state }: { order: CorrectionsOrder; state: ActionState }) {
  const { corrections } = order
  if (!isReceived(order.status) && corrections.items.length === 0) return null
  const changed = corrections.totals.totalKopecks !== order.totalKopecks
  return (
    <section className={`${ui.panel} ${classes.panel} ${classes.stackMd}`} aria-labelledby="order-corrections-title">
      <h2 className={`${ui.title} ${ui.h3}`} id="order-corrections-title">
        Возвраты и корректировки
      </h2>
      {changed ? (
        <p className={text}>
          Сумма заказа с учётом корректировок: <strong>{formatPrice(corrections.totals.totalKopecks)}</strong>, в том
          числе НДС {formatPrice(corrections.totals.vatKopecks)} (по УПД — {formatPrice(order.totalKopecks)}).
        </p>
      ) : (
        corrections.items.length === 0 && (
          <p className={`${text} ${ui.dimmed}`}>
            {order.side === 'purchase'
              ? 'Если часть товара нужно вернуть или стороны договорились о другой цене, оформите это здесь: принятая корректировка выставляет УКД к УПД заказа.'
              : 'Покупатель может запросить возврат части товара, а любая сторона — предложить новую цену. Принятая корректировка выставляет УКД к УПД заказа.'}
          </p>
        )
      )}
      {corrections.items.length > 0 && (
        <ol className={css.cards}>
          {[...corrections.items].reverse().map((correction) => (
            <CorrectionCard key={correction.number} correction={correction} state={state} />
          ))}
        </ol>
      )}
      {corrections.canPropose.map((kind) => (
        <ProposeForm key={kind} order={order} kind={kind} state={state} />
      ))}
    </section>
  )
}
