import { Button, Divider, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { IconArrowBackUp, IconCheck, IconPlayerPlay, IconUpload, IconX } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { FileUpload, type UploadedFile } from '#app/components/FileUpload.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import {
  SERVICE_ORDER_ACTION_LABELS,
  SERVICE_ORDER_LIMITS,
  type ServiceOrderDetails,
} from '#common/exchange/service-orders.ts'
import { failureOf, IntentForm, type ServiceOrderActionState, SubmitButton } from './action-state.tsx'

type Order = Pick<ServiceOrderDetails, 'number' | 'actions' | 'contractor' | 'reworkComment' | 'result'>

/** A move that needs nothing but the click: what it means, and the button. */
function SimpleAction({
  intent,
  text,
  state,
  icon,
}: {
  intent: 'start' | 'accept'
  text: string
  state: ServiceOrderActionState
  icon: ReactNode
}) {
  return (
    <IntentForm state={state} intent={intent} label={SERVICE_ORDER_ACTION_LABELS[intent]}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <FormMessage failure={failureOf(state, intent)} />
        <SubmitButton state={state} intent={intent} leftSection={icon}>
          {SERVICE_ORDER_ACTION_LABELS[intent]}
        </SubmitButton>
      </Stack>
    </IntentForm>
  )
}

/** The report and the files of the result; the files are uploaded first, their ids go with the form. */
function SubmitResultForm({ order, state }: { order: Order; state: ServiceOrderActionState }) {
  const failure = failureOf(state, 'submitResult')
  const [files, setFiles] = useState<UploadedFile[]>([])
  return (
    <IntentForm state={state} intent="submitResult" label={SERVICE_ORDER_ACTION_LABELS.submitResult}>
      <Stack gap="sm">
        <Text size="sm">
          Опишите выполненную работу и приложите результат (отчёт, ортофотоплан, акты). Заказчик проверит его и примет
          работу или вернёт на доработку.
        </Text>
        <Textarea
          name="report"
          label="Отчёт о работе"
          description="Нужен отчёт, файлы или и то и другое"
          autosize
          minRows={4}
          maxLength={SERVICE_ORDER_LIMITS.report}
          defaultValue={failure?.values.report ?? ''}
          error={failure?.fieldErrors.report}
        />
        {files.map((file) => (
          <input key={file.id} type="hidden" name="fileId" value={file.id} />
        ))}
        <FileUpload
          organizationId={order.contractor.id}
          maxFiles={SERVICE_ORDER_LIMITS.files}
          label="Приложить файлы результата (PDF, JPEG, PNG)"
          onUploaded={(file) => setFiles((list) => [...list, file])}
          onRemove={(file) => setFiles((list) => list.filter((f) => f.id !== file.id))}
        />
        {failure?.fieldErrors.fileIds && (
          <Text size="sm" c="red.9" role="alert">
            {failure.fieldErrors.fileIds}
          </Text>
        )}
        <FormMessage failure={failure} fields={['report', 'fileIds']} />
        <div>
          <SubmitButton state={state} intent="submitResult" leftSection={<IconUpload size={18} aria-hidden="true" />}>
            {SERVICE_ORDER_ACTION_LABELS.submitResult}
          </SubmitButton>
        </div>
      </Stack>
    </IntentForm>
  )
}

/** A move that needs a text (the rework comment, the reason of a cancellation), asked in a modal. */
function TextAction({
  order,
  state,
  intent,
  field,
  fieldLabel,
  text,
  hint,
  color,
  icon,
  keepLabel,
}: {
  order: Order
  state: ServiceOrderActionState
  intent: 'requestRework' | 'cancel'
  field: 'comment' | 'reason'
  fieldLabel: string
  text: string
  hint: string
  color?: string
  icon: ReactNode
  keepLabel: string
}) {
  const failure = failureOf(state, intent)
  // A refusal comes back into the open modal with what was typed.
  const [opened, setOpened] = useState(false)
  const label = SERVICE_ORDER_ACTION_LABELS[intent]
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          c={color ? `${color}.9` : undefined}
          leftSection={icon}
          disabled={state.pending !== null}
          onClick={() => setOpened(true)}
        >
          {label}
        </Button>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${label}: заказ № ${order.number}`}
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
      >
        <IntentForm state={state} intent={intent} label={label}>
          <Stack gap="sm">
            <Text size="sm">{text}</Text>
            <Textarea
              name={field}
              label={fieldLabel}
              withAsterisk
              autosize
              minRows={3}
              maxLength={SERVICE_ORDER_LIMITS.reason}
              defaultValue={failure?.values[field]}
              error={failure?.fieldErrors[field]}
              data-autofocus
            />
            <FormMessage failure={failure} fields={[field]} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)} disabled={state.pending === intent}>
                {keepLabel}
              </Button>
              <SubmitButton state={state} intent={intent} variant={color === 'red' ? 'danger' : undefined}>
                {label}
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
export function ServiceOrderActions({ order, state }: { order: Order; state: ServiceOrderActionState }) {
  const has = (action: ServiceOrderDetails['actions'][number]) => order.actions.includes(action)
  if (order.actions.length === 0) return null
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="service-order-actions-title"
      bg="var(--mantine-color-gray-0)"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="service-order-actions-title">
          Действия с заказом
        </Title>
        {has('start') && (
          <SimpleAction
            intent="start"
            state={state}
            icon={<IconPlayerPlay size={18} aria-hidden="true" />}
            text="Начните работу, когда приступите к ней: заказчик получит уведомление, что заказ в работе."
          />
        )}
        {has('submitResult') && <SubmitResultForm order={order} state={state} />}
        {has('accept') && (
          <SimpleAction
            intent="accept"
            state={state}
            icon={<IconCheck size={18} aria-hidden="true" />}
            text="Примите работу, если результат вас устраивает: заказ будет завершён, и вы сможете оставить отзыв об исполнителе."
          />
        )}
        {has('requestRework') && (
          <TextAction
            order={order}
            state={state}
            intent="requestRework"
            field="comment"
            fieldLabel="Что нужно доработать"
            text="Исполнитель получит ваш комментарий и сдаст результат заново. Текущая версия останется в истории заказа."
            hint="Если результат неполный или с ошибками."
            icon={<IconArrowBackUp size={18} aria-hidden="true" />}
            keepLabel="Не возвращать"
          />
        )}
        {has('cancel') && (
          <>
            {order.actions.length > 1 && <Divider />}
            <TextAction
              order={order}
              state={state}
              intent="cancel"
              field="reason"
              fieldLabel="Причина отмены"
              text="Другая сторона получит уведомление с причиной. Отменённый заказ нельзя возобновить."
              hint="Отменить заказ можно, пока результат не сдан."
              color="red"
              icon={<IconX size={18} aria-hidden="true" />}
              keepLabel="Не отменять"
            />
          </>
        )}
      </Stack>
    </Paper>
  )
}
