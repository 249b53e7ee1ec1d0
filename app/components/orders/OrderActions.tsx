import { Button, Divider, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { IconCheck, IconTruckDelivery, IconX } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { Form } from 'react-router'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { ORDER_ACTION_LABELS, ORDER_LIMITS, type OrderAction, type OrderDetails } from '#common/orders.ts'
import { formatCount } from '#app/lib/format.ts'
import { type OrderIntent, serialsField, splitSerials } from './order-forms.ts'

const DIFFERENT_NUMBERS = ['разный номер', 'разных номера', 'разных номеров'] as const

/** The last answer of the page's action, and which form is being sent now (if any). */
export interface ActionState {
  result:
    | { ok: true; intent: OrderIntent; message: string }
    | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> }
    | undefined
  /** The intent being submitted; every button waits while one is. */
  pending: OrderIntent | null
}

/** The refusal of this form's last submission, if that is what the page shows. */
export function failureOf(state: ActionState, intent: OrderIntent) {
  const { result } = state
  return result && !result.ok && result.values.intent === intent ? result : undefined
}

function IntentForm({ intent, children }: { intent: OrderIntent; children: ReactNode }) {
  return (
    <Form method="post" noValidate aria-label={intent === 'markRegistered' ? undefined : ORDER_ACTION_LABELS[intent]}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  )
}

export function SubmitButton({
  state,
  intent,
  children,
  ...props
}: {
  state: ActionState
  intent: OrderIntent
  children: ReactNode
  color?: string
  variant?: string
  leftSection?: ReactNode
}) {
  return (
    <Button
      type="submit"
      loading={state.pending === intent}
      disabled={state.pending !== null && state.pending !== intent}
      {...props}
    >
      {children}
    </Button>
  )
}

function ConfirmForm({ state, today }: { state: ActionState; today: string }) {
  const failure = failureOf(state, 'confirm')
  const values = failure?.values ?? {}
  return (
    <IntentForm intent="confirm">
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

/** The serial numbers' field of one line, marked when the count is not the quantity after a refusal. */
function SerialsField({ line, state }: { line: OrderDetails['lines'][number]; state: ActionState }) {
  const failure = failureOf(state, 'ship')
  const name = serialsField(line.id)
  const typed = failure?.values[name]
  const wrongCount =
    failure && Object.keys(failure.fieldErrors).some((k) => k.startsWith('serials'))
      ? new Set(splitSerials(typed)).size !== line.quantity
      : false
  return (
    <Textarea
      name={name}
      label={`Серийные номера: ${line.title}`}
      description={`${line.quantity} шт. — по одному номеру в строке`}
      autosize
      minRows={Math.min(line.quantity, 6)}
      maxRows={12}
      defaultValue={typed}
      error={
        wrongCount
          ? `Нужно ${formatCount(line.quantity, DIFFERENT_NUMBERS)}, указано ${splitSerials(typed).length}`
          : undefined
      }
    />
  )
}

function ShipForm({ order, state }: { order: Pick<OrderDetails, 'lines' | 'delivery'>; state: ActionState }) {
  const failure = failureOf(state, 'ship')
  const values = failure?.values ?? {}
  const registrable = order.lines.filter((l) => l.registration !== 'none')
  const serialsError = failure && Object.entries(failure.fieldErrors).find(([k]) => k.startsWith('serials'))
  return (
    <IntentForm intent="ship">
      <Stack gap="sm">
        <Text size="sm">
          Укажите, как отправлен заказ. Покупатель получит уведомление, а через {ORDER_LIMITS.autoDeliveredAfterDays}{' '}
          дней заказ будет считаться доставленным, если он не подтвердит получение раньше.
        </Text>
        <Group gap="sm" align="start" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            name="carrier"
            label="Транспортная компания"
            maxLength={ORDER_LIMITS.carrier}
            defaultValue={values.carrier ?? order.delivery.carrier ?? ''}
            error={failure?.fieldErrors.carrier}
            miw={220}
          />
          <TextInput
            name="trackingNumber"
            label="Трек-номер или номер накладной"
            withAsterisk
            maxLength={ORDER_LIMITS.trackingNumber}
            defaultValue={values.trackingNumber}
            error={failure?.fieldErrors.trackingNumber}
            miw={220}
          />
        </Group>
        {registrable.length > 0 && (
          <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" fw={600} size="sm" p={0}>
              Серийные номера беспилотников
            </Text>
            <Text size="sm" c="dimmed">
              Покупатель поставит эти беспилотники на учёт по серийным номерам: укажите номер каждого отгруженного.
            </Text>
            {registrable.map((line) => (
              <SerialsField key={line.id} line={line} state={state} />
            ))}
            {serialsError && (
              <Text size="sm" c="red.8" role="alert">
                {serialsError[0] === 'serials' ? failure.message : serialsError[1]}
              </Text>
            )}
          </Stack>
        )}
        <Textarea
          name="comment"
          label="Комментарий для покупателя"
          description="Необязательно"
          autosize
          minRows={2}
          maxLength={ORDER_LIMITS.comment}
          defaultValue={values.comment}
        />
        <FormMessage failure={failure} fields={['carrier', 'trackingNumber', 'serials']} />
        <div>
          <SubmitButton state={state} intent="ship" leftSection={<IconTruckDelivery size={18} aria-hidden="true" />}>
            {ORDER_ACTION_LABELS.ship}
          </SubmitButton>
        </div>
      </Stack>
    </IntentForm>
  )
}

/** A move that needs nothing but the click: what it means, and the button. */
function SimpleAction({ intent, text, state }: { intent: OrderAction; text: string; state: ActionState }) {
  return (
    <IntentForm intent={intent}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <FormMessage failure={failureOf(state, intent)} />
        <SubmitButton state={state} intent={intent} leftSection={<IconCheck size={18} aria-hidden="true" />}>
          {ORDER_ACTION_LABELS[intent]}
        </SubmitButton>
      </Stack>
    </IntentForm>
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
        <IntentForm intent="cancel">
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
  order: Pick<OrderDetails, 'number' | 'actions' | 'lines' | 'delivery'>
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
          />
        )}
        {has('ship') && <ShipForm order={order} state={state} />}
        {has('confirmDelivery') && (
          <SimpleAction
            intent="confirmDelivery"
            state={state}
            text={`Подтвердите, когда получите заказ и проверите комплектность. Если этого не сделать, через ${ORDER_LIMITS.autoDeliveredAfterDays} дней после отгрузки заказ будет считаться доставленным.`}
          />
        )}
        {has('complete') && (
          <SimpleAction
            intent="complete"
            state={state}
            text={`Завершите заказ, если претензий к продавцу нет. Через ${ORDER_LIMITS.autoCompletedAfterDays} дней после доставки он завершится сам.`}
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
