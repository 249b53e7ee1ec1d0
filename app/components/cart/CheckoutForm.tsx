import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { ButtonContent, buttonClass } from '#app/components/ui/button.tsx'
import {
  MaskedTextField,
  Notice,
  RadioGroupField,
  SelectField,
  TextareaField,
  TextField,
} from '#app/components/ui/fields.tsx'
import ui from '#app/components/ui/ui.module.css'
import classes from './cart.module.css'
import { formatCount } from '#app/lib/format.ts'
import { useSessionState } from '#app/lib/session-store.ts'
import { formatPhone, PHONE_MASK } from '#common/phone.ts'
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS, type DeliveryMethod, ORDER_LIMITS } from '#common/orders.ts'
import { useEditedFields, withoutEdited } from '#app/lib/edited-fields.ts'

export interface Payer {
  id: string
  name: string
}

/**
 * The checkout: who pays (an organization of the user with a confirmed buyer role), how the goods
 * come, who to call. The key is made once per page load, so a double click or a resubmitted form
 * creates the orders once; the total sent is the one shown, so a price that changed meanwhile is
 * refused rather than charged.
 */
export function CheckoutForm({
  payers,
  selectedPayerId,
  checkoutKey,
  totalKopecks,
  sellerCount,
  failure,
}: {
  payers: Payer[]
  selectedPayerId: string | null
  checkoutKey: string
  totalKopecks: number
  sellerCount: number
  failure?: { message: string; fieldErrors: Record<string, string>; values: Record<string, string> }
}) {
  const { user } = useSessionState()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'checkout'
  const values = failure?.values ?? {}
  // A field changed since the refusal is no longer red: the next submission checks it again.
  const edits = useEditedFields(failure)
  const errors = withoutEdited(failure?.fieldErrors ?? {}, edits.edited)
  const [method, setMethod] = useState<DeliveryMethod>((values.deliveryMethod as DeliveryMethod) || 'carrier')
  const [payer, setPayer] = useState<string>(values.payerOrganizationId || selectedPayerId || payers[0]?.id || '')

  if (!payers.length) {
    return (
      <section className={`${ui.panel} ${ui.stack} ${classes.checkout}`}>
        <h2 className={`${ui.title} ${ui.h4}`}>Оформление заказа</h2>
        <p className={`${ui.text} ${ui.sm}`}>
          Платить по счёту может только организация с подтверждённой ролью «Покупатель». Запросите роль в разделе
          «Компания» — после проверки документов можно будет оформить заказ.
        </p>
        <AppLink to="/personal-account/company" className={`${ui.anchor} ${ui.bold}`}>
          Перейти к компании
        </AppLink>
      </section>
    )
  }

  return (
    <section className={`${ui.panel} ${classes.checkout}`} aria-labelledby="checkout-title">
      <Form method="post" noValidate onChange={edits.onEdit} className={ui.stack}>
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="checkoutKey" value={checkoutKey} />
        <input type="hidden" name="expectedTotalKopecks" value={totalKopecks} />
        <h2 className={`${ui.title} ${ui.h4}`} id="checkout-title">
          Оформление заказа
        </h2>
        {failure?.message && !Object.keys(errors).length && (
          <Notice tone="red" role="alert" title="Заказ не оформлен">
            {failure.message}
          </Notice>
        )}
        <SelectField
          name="payerOrganizationId"
          label="Плательщик"
          description="Организация, на которую продавцы выставят счета"
          options={payers.map((p) => ({ value: p.id, label: p.name }))}
          value={payer}
          onChange={(event) => setPayer(event.currentTarget.value)}
          error={errors.payerOrganizationId}
          required
        />
        <RadioGroupField
          name="deliveryMethod"
          label="Получение"
          options={DELIVERY_METHODS.map((m) => ({ value: m, label: DELIVERY_METHOD_LABELS[m] }))}
          value={method}
          onChange={setMethod}
          error={errors.deliveryMethod}
          required
        />
        {method === 'pickup' && (
          <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>Адрес склада каждого продавца будет в его заказе.</p>
        )}
        {method !== 'pickup' && (
          <TextareaField
            name="address"
            label="Адрес доставки"
            placeholder="Индекс, город, улица, дом, склад или офис"
            maxLength={ORDER_LIMITS.address}
            defaultValue={values.address}
            error={errors.address}
            required
          />
        )}
        {method === 'carrier' && (
          <TextField
            name="carrier"
            label="Название транспортной компании"
            placeholder="Например, СДЭК или Деловые Линии"
            maxLength={ORDER_LIMITS.carrier}
            defaultValue={values.carrier}
            error={errors.carrier}
            required
          />
        )}
        <TextField
          name="contactName"
          label="Контактное лицо"
          autoComplete="name"
          maxLength={ORDER_LIMITS.contactName}
          defaultValue={values.contactName ?? user?.name ?? ''}
          error={errors.contactName}
          required
        />
        <MaskedTextField
          name="contactPhone"
          label="Телефон контактного лица"
          mask={PHONE_MASK}
          placeholder="+7 (___) ___-__-__"
          autoComplete="tel"
          inputMode="tel"
          defaultValue={values.contactPhone ?? (user?.phone ? formatPhone(user.phone) : '')}
          error={errors.contactPhone}
          required
        />
        <TextareaField
          name="comment"
          label="Комментарий к заказу"
          maxLength={ORDER_LIMITS.comment}
          defaultValue={values.comment}
          error={errors.comment}
        />
        <button
          type="submit"
          className={buttonClass({ size: 'md' })}
          disabled={!totalKopecks || submitting}
          aria-busy={submitting || undefined}
        >
          <ButtonContent>
            Оформить {sellerCount > 1 ? formatCount(sellerCount, ['заказ', 'заказа', 'заказов']) : 'заказ'}
          </ButtonContent>
        </button>
        <p className={`${ui.text} ${ui.xs} ${ui.dimmed}`}>
          На каждого продавца — отдельный заказ. Продавец подтвердит наличие и выставит счёт на оплату.
        </p>
      </Form>
    </section>
  )
}
