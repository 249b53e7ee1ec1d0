import { Button, Divider, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { ORDER_ACTION_LABELS, ORDER_LIMITS, type OrderAction, type OrderDetails } from '#common/orders.ts'
import { type ActionState, failureOf, IntentForm, SubmitButton } from './action-state.tsx'
import { ShipForm } from './ShipForm.tsx'
import { formatCount } from '#common/format.ts'
import { DAYS } from '#common/counted-words.ts'

function ConfirmForm({ state, today }: { state: ActionState; today: string }) {
  const failure = failureOf(state, 'confirm')
  const values = failure?.values ?? {}
  return (
    <IntentForm state={state} intent="confirm">
      <Stack gap="sm">
        <Text size="sm">
          Проверьте наличие и цены. После подтверждения покупатель получит счёт на оплату, а заказ уже нельзя будет
          изменить — только отменить до оплаты.
        </Text>
        <TextInput
          type="date"
          name="deliveryDate"
          label="Дата доставки или передачи товара"
          description="Необязательно. Покупатель увидит её в заказе."
          min={today}
          defaultValue={values.deliveryDate}
          error={failure?.fieldErrors.deliveryDate}
          w={{ base: '100%', xs: 260 }}
        />
        <Textarea
          name="comment"
          label="Комментарий для покупателя"
          description="Необязательно"
          autosize
          minRows={2}
          maxLength={ORDER_LIMITS.comment}
          defaultValue={values.comment}
          error={failure?.fieldErrors.comment}
        />
        <FormMessage failure={failure} fields={['deliveryDate', 'comment']} />
        <div>
          <SubmitButton state={state} intent="confirm" leftSection={<IconCheck size={18} aria-hidden="true" />}>
            {ORDER_ACTION_LABELS.confirm}
          </SubmitButton>
        </div>
      </Stack>
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
    <SubmitButton state={state} intent={intent} leftSection={<IconCheck size={18} aria-hidden="true" />}>
      {ORDER_ACTION_LABELS[intent]}
    </SubmitButton>
  )
  if (!confirmation) {
    return (
      <IntentForm state={state} intent={intent}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{text}</Text>
          <FormMessage failure={failure} />
          {button}
        </Stack>
      </IntentForm>
    )
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{text}</Text>
      <FormMessage failure={failure} />
      <Button
        leftSection={<IconCheck size={18} aria-hidden="true" />}
        disabled={state.pending !== null}
        onClick={() => setOpened(true)}
      >
        {ORDER_ACTION_LABELS[intent]}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={confirmation.title}
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
      >
        <IntentForm state={state} intent={intent}>
          <Stack gap="md">
            <Text size="sm">{confirmation.text}</Text>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => setOpened(false)}
                disabled={state.pending === intent}
                data-autofocus
              >
                Не сейчас
              </Button>
              {button}
            </Group>
          </Stack>
        </IntentForm>
      </Modal>
    </Stack>
  )
}

function CancelAction({ number, state }: { number: string; state: ActionState }) {
  const failure = failureOf(state, 'cancel')
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          c="red.9"
          leftSection={<IconX size={18} aria-hidden="true" />}
          disabled={state.pending !== null}
          onClick={() => setOpened(true)}
        >
          {ORDER_ACTION_LABELS.cancel}
        </Button>
        <Text size="sm" c="dimmed">
          Отменить заказ можно, пока он не оплачен.
        </Text>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Отмена заказа № ${number}`}
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
      >
        <IntentForm state={state} intent="cancel">
          <Stack gap="sm">
            <Text size="sm">
              Другая сторона получит уведомление с причиной, а зарезервированные товары вернутся продавцу на склад.
            </Text>
            <Textarea
              name="reason"
              label="Причина отмены"
              withAsterisk
              autosize
              minRows={3}
              maxLength={ORDER_LIMITS.reason}
              defaultValue={failure?.values.reason}
              error={failure?.fieldErrors.reason}
              data-autofocus
            />
            <FormMessage failure={failure} fields={['reason']} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)} disabled={state.pending === 'cancel'}>
                Не отменять
              </Button>
              <SubmitButton state={state} intent="cancel" color="red">
                {ORDER_ACTION_LABELS.cancel}
              </SubmitButton>
            </Group>
          </Stack>
        </IntentForm>
      </Modal>
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
    <Paper withBorder p="md" component="section" aria-labelledby="order-actions-title" bg="var(--mantine-color-gray-0)">
      <Stack gap="md">
        <Title order={2} size="h3" id="order-actions-title">
          Действия с заказом
        </Title>
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
            {order.actions.length > 1 && <Divider />}
            <CancelAction number={order.number} state={state} />
          </>
        )}
      </Stack>
    </Paper>
  )
}
