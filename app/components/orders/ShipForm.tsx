import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import { FileUpload, type UploadedFile } from '../FileUpload.tsx'
import { IconTruckDelivery } from '@tabler/icons-react'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { ORDER_ACTION_LABELS, ORDER_LIMITS, type OrderDetails } from '#common/orders.ts'
import { type ActionState, failureOf, IntentForm, SubmitButton } from './action-state.tsx'
import { serialsField, serialsProblem } from './order-forms.ts'

/** The serial numbers' field of one line, marked when the count is not the quantity after a refusal. */
function SerialsField({ line, state }: { line: OrderDetails['lines'][number]; state: ActionState }) {
  const failure = failureOf(state, 'ship')
  const name = serialsField(line.id)
  const typed = failure?.values[name]
  const problem =
    failure && Object.keys(failure.fieldErrors).some((k) => k.startsWith('serials'))
      ? serialsProblem(typed, line.quantity)
      : undefined
  return (
    <Textarea
      name={name}
      label={`Серийные номера: ${line.title}`}
      description={`${line.quantity} шт. — по одному номеру в строке`}
      autosize
      minRows={Math.min(line.quantity, 6)}
      maxRows={12}
      defaultValue={typed}
      error={problem}
    />
  )
}

export function ShipForm({
  order,
  state,
}: {
  order: Pick<OrderDetails, 'lines' | 'delivery' | 'seller'>
  state: ActionState
}) {
  const failure = failureOf(state, 'ship')
  // A transport company's waybill, uploaded first; its id goes with the form.
  const [document, setDocument] = useState<UploadedFile | null>(null)
  const values = failure?.values ?? {}
  const registrable = order.lines.filter((l) => l.registration !== 'none')
  const serialsError = failure && Object.entries(failure.fieldErrors).find(([k]) => k.startsWith('serials'))
  return (
    <IntentForm state={state} intent="ship">
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
            description="Или приложите транспортный документ ниже"
            maxLength={ORDER_LIMITS.trackingNumber}
            defaultValue={values.trackingNumber}
            error={failure?.fieldErrors.trackingNumber}
            miw={220}
          />
        </Group>
        {document && <input type="hidden" name="documentFileId" value={document.id} />}
        <FileUpload
          organizationId={order.seller.id}
          maxFiles={1}
          label="Приложить транспортный документ (PDF, JPEG, PNG)"
          onUploaded={setDocument}
          onRemove={() => setDocument(null)}
        />
        {failure?.fieldErrors.documentFileId && (
          <Text size="sm" c="red.9" role="alert">
            {failure.fieldErrors.documentFileId}
          </Text>
        )}
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
              <Text size="sm" c="red.9" role="alert">
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
        <FormMessage failure={failure} fields={['carrier', 'trackingNumber', 'documentFileId', 'serials']} />
        <div>
          <SubmitButton state={state} intent="ship" leftSection={<IconTruckDelivery size={18} aria-hidden="true" />}>
            {ORDER_ACTION_LABELS.ship}
          </SubmitButton>
        </div>
      </Stack>
    </IntentForm>
  )
}
