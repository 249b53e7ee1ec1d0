import { useState } from 'react'
import { FileUpload, type UploadedFile } from '../FileUpload.tsx'
import { IconTruckDelivery } from '@tabler/icons-react'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { TextareaField, TextField } from '#app/components/ui/fields.tsx'
import fields from '#app/components/ui/fields.module.css'
import ui from '#app/components/ui/ui.module.css'
import { ORDER_ACTION_LABELS, ORDER_LIMITS, type OrderDetails } from '#common/orders.ts'
import { type ActionState, failureOf, IntentForm, SubmitButton } from './action-state.tsx'
import { serialsField, serialsProblem } from './order-forms.ts'
import classes from './order-facts.module.css'

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
    <TextareaField
      name={name}
      label={`Серийные номера: ${line.title}`}
      description={`${line.quantity} шт. — по одному номеру в строке`}
      rows={Math.min(line.quantity, 6)}
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
      <div className={classes.stackSm}>
        <p className={`${ui.text} ${ui.sm}`}>
          Укажите, как отправлен заказ. Покупатель получит уведомление, а через {ORDER_LIMITS.autoDeliveredAfterDays}{' '}
          дней заказ будет считаться доставленным, если он не подтвердит получение раньше.
        </p>
        <div className={classes.fieldsRow}>
          <TextField
            name="carrier"
            label="Транспортная компания"
            maxLength={ORDER_LIMITS.carrier}
            defaultValue={values.carrier ?? order.delivery.carrier ?? ''}
            error={failure?.fieldErrors.carrier}
          />
          <TextField
            name="trackingNumber"
            label="Трек-номер или номер накладной"
            description="Или приложите транспортный документ ниже"
            maxLength={ORDER_LIMITS.trackingNumber}
            defaultValue={values.trackingNumber}
            error={failure?.fieldErrors.trackingNumber}
          />
        </div>
        {document && <input type="hidden" name="documentFileId" value={document.id} />}
        <FileUpload
          organizationId={order.seller.id}
          maxFiles={1}
          label="Приложить транспортный документ (PDF, JPEG, PNG)"
          onUploaded={setDocument}
          onRemove={() => setDocument(null)}
        />
        {failure?.fieldErrors.documentFileId && (
          <p className={fields.error} role="alert">
            {failure.fieldErrors.documentFileId}
          </p>
        )}
        {registrable.length > 0 && (
          <fieldset className={`${classes.stackSm} ${classes.bare}`}>
            <legend className={classes.legend}>Серийные номера беспилотников</legend>
            <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
              Покупатель поставит эти беспилотники на учёт по серийным номерам: укажите номер каждого отгруженного.
            </p>
            {registrable.map((line) => (
              <SerialsField key={line.id} line={line} state={state} />
            ))}
            {serialsError && (
              <p className={fields.error} role="alert">
                {serialsError[0] === 'serials' ? failure.message : serialsError[1]}
              </p>
            )}
          </fieldset>
        )}
        <TextareaField
          name="comment"
          label="Комментарий для покупателя"
          description="Необязательно"
          maxLength={ORDER_LIMITS.comment}
          defaultValue={values.comment}
        />
        <FormMessage failure={failure} fields={['carrier', 'trackingNumber', 'documentFileId', 'serials']} />
        <div>
          <SubmitButton state={state} intent="ship" leftSection={<IconTruckDelivery size={18} aria-hidden="true" />}>
            {ORDER_ACTION_LABELS.ship}
          </SubmitButton>
        </div>
      </div>
    </IntentForm>
  )
}
