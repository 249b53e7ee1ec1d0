import { IconCheck, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { ButtonContent, buttonClass } from '#app/components/ui/button.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { TextareaField, TextField } from '#app/components/ui/fields.tsx'
import ui from '#app/components/ui/ui.module.css'
import { ORDER_ACTION_LABELS, ORDER_LIMITS, type OrderAction, type OrderDetails } from '#common/orders.ts'
import { type ActionState, failureOf, IntentForm, SubmitButton } from './action-state.tsx'
import { companySectionFor } from './order-forms.ts'
import { ShipForm } from './ShipForm.tsx'
import { formatCount } from '#common/format.ts'
import { DAYS } from '#common/counted-words.ts'
import classes from './order-facts.module.css'

const CHECK = <IconCheck size={18} aria-hidden="true" />

function ConfirmForm({ state, today }: { state: ActionState; today: string }) {
  const failure = failureOf(state, 'confirm')
  const values = failure?.values ?? {}
  const fixAt = failure && companySectionFor(failure.message)
  return (
    <IntentForm state={state} intent="confirm">
      <div className={classes.stackSm}>
        <p className={`${ui.text} ${ui.sm}`}>
          Проверьте наличие и цены. После подтверждения покупатель получит счёт на оплату, а заказ уже нельзя будет
          изменить — только отменить до оплаты.
        </p>
        <div className={classes.dateField}>
          <TextField
            type="date"
            name="deliveryDate"
            label="Дата доставки или передачи товара"
            description="Необязательно. Покупатель увидит её в заказе."
            min={today}
            defaultValue={values.deliveryDate}
            error={failure?.fieldErrors.deliveryDate}
          />
        </div>
        <TextareaField
          name="comment"
          label="Комментарий для покупателя"
          description="Необязательно"
          maxLength={ORDER_LIMITS.comment}
          defaultValue={values.comment}
          error={failure?.fieldErrors.comment}
        />
        <FormMessage failure={failure} fields={['deliveryDate', 'comment']} />
        {fixAt && (
          <p className={`${ui.text} ${ui.sm}`}>
            <AppLink to={fixAt}>Открыть раздел «Компания»</AppLink>
          </p>
        )}
        <div>
          <SubmitButton state={state} intent="confirm" leftSection={CHECK}>
            {ORDER_ACTION_LABELS.confirm}
          </SubmitButton>
        </div>
      </div>
    </IntentForm>
  )
}

/**
 * A move that needs nothing but the click: what it means, and the button. One that cannot be
 * taken back (the payment received, the goods received) asks first, as a cancellation does.
 */
function SimpleAction({
  intent,
  text,
  state,
  confirmation,
}: {
  intent: OrderAction
  text: string
  state: ActionState
  confirmation?: { title: string; text: string }
}) {
  const [opened, setOpened] = useState(false)
  const failure = failureOf(state, intent)
  const button = (
    <SubmitButton state={state} intent={intent} leftSection={CHECK}>
      {ORDER_ACTION_LABELS[intent]}
    </SubmitButton>
  )
  if (!confirmation) {
    return (
      <IntentForm state={state} intent={intent}>
        <div className={`${classes.stackSm} ${classes.start}`}>
          <p className={`${ui.text} ${ui.sm}`}>{text}</p>
          <FormMessage failure={failure} />
          {button}
        </div>
      </IntentForm>
    )
  }
  return (
    <div className={`${classes.stackSm} ${classes.start}`}>
      <p className={`${ui.text} ${ui.sm}`}>{text}</p>
      <FormMessage failure={failure} />
      <button
        type="button"
        className={buttonClass({ left: true })}
        disabled={state.pending !== null}
        onClick={() => setOpened(true)}
      >
        <ButtonContent left={CHECK}>{ORDER_ACTION_LABELS[intent]}</ButtonContent>
      </button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title={confirmation.title}>
        <IntentForm state={state} intent={intent}>
          <div className={classes.stackMd}>
            <p className={`${ui.text} ${ui.sm}`}>{confirmation.text}</p>
            <div className={`${classes.row} ${classes.end}`}>
              <button
                type="button"
                className={buttonClass({ variant: 'default' })}
                onClick={() => setOpened(false)}
                disabled={state.pending === intent}
                data-autofocus
              >
                <ButtonContent>Не сейчас</ButtonContent>
              </button>
              {button}
            </div>
          </div>
        </IntentForm>
      </Dialog>
    </div>
  )
}

function CancelAction({ number, state }: { number: string; state: ActionState }) {
  const failure = failureOf(state, 'cancel')
  const [opened, setOpened] = useState(false)
  return (
    <>
      <div className={classes.row}>
        <button
          type="button"
          className={buttonClass({ variant: 'default', left: true, className: classes.cancel })}
          disabled={state.pending !== null}
          onClick={() => setOpened(true)}
        >
          <ButtonContent left={<IconX size={18} aria-hidden="true" />}>{ORDER_ACTION_LABELS.cancel}</ButtonContent>
        </button>
        <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>Отменить заказ можно, пока он не оплачен.</p>
      </div>
      <Dialog opened={opened} onClose={() => setOpened(false)} title={`Отмена заказа № ${number}`}>
        <IntentForm state={state} intent="cancel">
          <div className={classes.stackSm}>
            <p className={`${ui.text} ${ui.sm}`}>
              Другая сторона получит уведомление с причиной, а зарезервированные товары вернутся продавцу на склад.
            </p>
            <TextareaField
              name="reason"
              label="Причина отмены"
              required
              rows={3}
              maxLength={ORDER_LIMITS.reason}
              defaultValue={failure?.values.reason}
              error={failure?.fieldErrors.reason}
              data-autofocus
            />
            <FormMessage failure={failure} fields={['reason']} />
            <div className={`${classes.row} ${classes.end}`}>
              <button
                type="button"
                className={buttonClass({ variant: 'default' })}
                onClick={() => setOpened(false)}
                disabled={state.pending === 'cancel'}
              >
                <ButtonContent>Не отменять</ButtonContent>
              </button>
              <SubmitButton state={state} intent="cancel" variant="danger">
                {ORDER_ACTION_LABELS.cancel}
              </SubmitButton>
            </div>
          </div>
        </IntentForm>
      </Dialog>
    </>
  )
}

/**
 * What the caller's side may do with the order now (`actions` from the service), each as a form
 * posted to the page's action. Nothing to do: no panel.
 */
export function OrderActions({
  order,
  state,
  today,
}: {
  order: Pick<OrderDetails, 'number' | 'actions' | 'lines' | 'delivery' | 'seller'>
  state: ActionState
  today: string
}) {
  const has = (action: OrderAction) => order.actions.includes(action)
  if (order.actions.length === 0) return null
  return (
    <section className={`${ui.panel} ${classes.actions} ${classes.stackMd}`} aria-labelledby="order-actions-title">
      <h2 className={`${ui.title} ${ui.h3}`} id="order-actions-title">
        Действия с заказом
      </h2>
      {has('confirm') && <ConfirmForm state={state} today={today} />}
      {has('markPaid') && (
        <SimpleAction
          intent="markPaid"
          state={state}
          text="Отметьте, когда оплата по счёту поступит на ваш расчётный счёт: после этого заказ можно отгружать."
          confirmation={{
            title: `Оплата заказа № ${order.number} получена?`,
            text: 'Отметьте, только если деньги уже на расчётном счёте. Покупатель получит уведомление, а заказ перейдёт к отгрузке; отметку нельзя отменить.',
          }}
        />
      )}
      {has('ship') && <ShipForm order={order} state={state} />}
      {has('confirmDelivery') && (
        <SimpleAction
          intent="confirmDelivery"
          state={state}
          text={`Подтвердите, когда получите заказ и проверите комплектность. Если этого не сделать, через ${formatCount(ORDER_LIMITS.autoDeliveredAfterDays, DAYS)} после отгрузки заказ будет считаться доставленным.`}
          confirmation={{
            title: `Заказ № ${order.number} получен?`,
            text: 'Подтвердите, только если товар у вас и комплектность проверена. Продавец получит уведомление; отметку нельзя отменить.',
          }}
        />
      )}
      {has('complete') && (
        <SimpleAction
          intent="complete"
          state={state}
          text={`Завершите заказ, если претензий к продавцу нет. Через ${formatCount(ORDER_LIMITS.autoCompletedAfterDays, DAYS)} после доставки он завершится сам.`}
        />
      )}
      {has('cancel') && (
        <>
          {order.actions.length > 1 && <hr className={classes.divider} />}
          <CancelAction number={order.number} state={state} />
        </>
      )}
    </section>
  )
}
