import { Alert, Anchor, Button, Paper, Radio, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { LazyMaskedInput } from '#app/components/LazyMaskedInput.tsx'
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
  const [payer, setPayer] = useState<string | null>(
    values.payerOrganizationId || selectedPayerId || payers[0]?.id || null,
  )

  if (!payers.length) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Оформление заказа
          </Title>
          <Text size="sm">
            Платить по счёту может только организация с подтверждённой ролью «Покупатель». Запросите роль в разделе
            «Компания» — после проверки документов можно будет оформить заказ.
          </Text>
          <Anchor component={AppLink} to="/personal-account/company" fw={600}>
            Перейти к компании
          </Anchor>
        </Stack>
      </Paper>
    )
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="checkout-title">
      <Form method="post" noValidate onChange={edits.onEdit}>
        <input type="hidden" name="intent" value="checkout" />
        <input type="hidden" name="checkoutKey" value={checkoutKey} />
        <input type="hidden" name="expectedTotalKopecks" value={totalKopecks} />
        <Stack gap="md">
          <Title order={2} size="h4" id="checkout-title">
            Оформление заказа
          </Title>
          {failure?.message && !Object.keys(errors).length && (
            <Alert color="red" role="alert" title="Заказ не оформлен">
              {failure.message}
            </Alert>
          )}
          <Select
            name="payerOrganizationId"
            label="Плательщик"
            description="Организация, на которую продавцы выставят счета"
            data={payers.map((p) => ({ value: p.id, label: p.name }))}
            value={payer}
            onChange={setPayer}
            allowDeselect={false}
            error={errors.payerOrganizationId}
            required
          />
          <Radio.Group
            name="deliveryMethod"
            label="Получение"
            value={method}
            onChange={(v) => setMethod(v as DeliveryMethod)}
            error={errors.deliveryMethod}
            required
          >
            <Stack gap={6} mt={6}>
              {DELIVERY_METHODS.map((m) => (
                <Radio key={m} value={m} label={DELIVERY_METHOD_LABELS[m]} />
              ))}
            </Stack>
          </Radio.Group>
          {method === 'pickup' && (
            <Text size="sm" c="dimmed">
              Адрес склада каждого продавца будет в его заказе.
            </Text>
          )}
          {method !== 'pickup' && (
            <Textarea
              name="address"
              label="Адрес доставки"
              placeholder="Индекс, город, улица, дом, склад или офис"
              autosize
              minRows={2}
              maxLength={ORDER_LIMITS.address}
              defaultValue={values.address}
              error={errors.address}
              required
            />
          )}
          {method === 'carrier' && (
            <TextInput
              name="carrier"
              label="Название транспортной компании"
              placeholder="Например, СДЭК или Деловые Линии"
              maxLength={ORDER_LIMITS.carrier}
              defaultValue={values.carrier}
              error={errors.carrier}
              required
            />
          )}
          <TextInput
            name="contactName"
            label="Контактное лицо"
            autoComplete="name"
            maxLength={ORDER_LIMITS.contactName}
            defaultValue={values.contactName ?? user?.name ?? ''}
            error={errors.contactName}
            required
          />
          <LazyMaskedInput
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
          <Textarea
            name="comment"
            label="Комментарий к заказу"
            autosize
            minRows={2}
            maxLength={ORDER_LIMITS.comment}
            defaultValue={values.comment}
            error={errors.comment}
          />
          <Button type="submit" size="md" loading={submitting} disabled={!totalKopecks}>
            Оформить {sellerCount > 1 ? formatCount(sellerCount, ['заказ', 'заказа', 'заказов']) : 'заказ'}
          </Button>
          <Text size="xs" c="dimmed">
            На каждого продавца — отдельный заказ. Продавец подтвердит наличие и выставит счёт на оплату.
          </Text>
        </Stack>
      </Form>
    </Paper>
  )
}
