import { Alert, Anchor, Group, NativeSelect, Stack, Table, Text, Textarea, TextInput } from '@mantine/core'
import { IconMessageCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { AppLink } from '#app/components/AppLink.tsx'
import { FileUpload } from '#app/components/FileUpload.tsx'
import { failureOf, IntentForm, SubmitButton } from '#app/components/IntentForms.tsx'
import { formatDate } from '#app/lib/format.ts'
import { VAT_RATE_LABELS, VAT_RATES } from '#common/catalog/vat.ts'
import { moscowToday } from '#common/moscow-days.ts'
import { type IncomingProcurement, PROCUREMENT_LIMITS } from '#common/procurement.ts'
import { procurementLinks } from '#common/procurement-links.ts'
import { type ProcurementActionState, priceField, vatField } from './procurement-intents.ts'
import { ReasonForm } from './ReasonForm.tsx'
import { DownloadLink, ItemName, OfferTerms, quantityText, Section, WideTable } from './RequestSections.tsx'

const PDF_ONLY = { accept: 'application/pdf,.pdf', hint: 'PDF до 10 МБ' }

/** The seller's answer: a price and VAT rate per item, the offer's terms and signatory; or a refusal. */
function AnswerForm({ request, state }: { request: IncomingProcurement; state: ProcurementActionState }) {
  const failure = failureOf(state, 'answer')
  const typed = failure?.values ?? {}
  const errors = failure?.fieldErrors ?? {}
  const [scanFileId, setScanFileId] = useState(typed.scanFileId ?? '')
  return (
    <IntentForm state={state} intent="answer" label="Коммерческое предложение">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure.message}
          </Alert>
        )}
        <WideTable label="Цены по позициям, таблица" minWidth={560}>
          <Table withTableBorder verticalSpacing="xs" aria-label="Цены по позициям">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>№</Table.Th>
                <Table.Th>Позиция</Table.Th>
                <Table.Th ta="right">Количество</Table.Th>
                <Table.Th w={170}>Цена за ед. с НДС, ₽</Table.Th>
                <Table.Th w={170}>Ставка НДС</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {request.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    {item.position}
                    <input type="hidden" name="itemId" value={item.id} />
                  </Table.Td>
                  <Table.Td>
                    <ItemName item={item} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {quantityText(item)}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      name={priceField(item.id)}
                      aria-label={`Цена за единицу: ${item.name}`}
                      inputMode="decimal"
                      autoComplete="off"
                      required
                      defaultValue={typed[priceField(item.id)]}
                      error={errors[priceField(item.id)]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      name={vatField(item.id)}
                      aria-label={`Ставка НДС: ${item.name}`}
                      data={VAT_RATES.map((rate) => ({ value: rate, label: VAT_RATE_LABELS[rate] }))}
                      defaultValue={typed[vatField(item.id)] ?? '22'}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
        <Group grow align="start" wrap="wrap" gap="sm">
          <TextInput
            name="deliveryTerm"
            label="Срок поставки"
            placeholder="10 рабочих дней с даты оплаты"
            required
            maxLength={200}
            defaultValue={typed.deliveryTerm}
            error={errors.deliveryTerm}
            miw={220}
          />
          <TextInput
            name="validUntil"
            type="date"
            label="Предложение действует до"
            required
            min={moscowToday()}
            defaultValue={typed.validUntil}
            error={errors.validUntil}
            miw={180}
          />
        </Group>
        <Group grow align="start" wrap="wrap" gap="sm">
          <TextInput
            name="signatoryName"
            label="Подписант: ФИО"
            required
            maxLength={120}
            autoComplete="name"
            defaultValue={typed.signatoryName}
            error={errors.signatoryName}
            miw={220}
          />
          <TextInput
            name="signatoryPosition"
            label="Должность подписанта"
            required
            maxLength={120}
            autoComplete="organization-title"
            defaultValue={typed.signatoryPosition}
            error={errors.signatoryPosition}
            miw={220}
          />
        </Group>
        <Textarea
          name="comment"
          label="Комментарий к предложению"
          autosize
          minRows={2}
          maxLength={PROCUREMENT_LIMITS.text}
          defaultValue={typed.comment}
          error={errors.comment}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Свой подписанный скан КП (необязательно)
          </Text>
          <Text size="xs" c="dimmed">
            Платформа сама соберёт КП в PDF на ваших реквизитах; если у вас есть подписанный экземпляр, приложите его —
            покупатель скачает оба.
          </Text>
          <input type="hidden" name="scanFileId" value={scanFileId} />
          <FileUpload
            maxFiles={1}
            label="Приложить скан"
            only={PDF_ONLY}
            onUploaded={(meta) => setScanFileId(meta.id)}
            onRemove={() => setScanFileId('')}
          />
          {errors.scanFileId && (
            <Text size="sm" c="red.8" role="alert">
              {errors.scanFileId}
            </Text>
          )}
        </Stack>
        <Group>
          <SubmitButton state={state} intent="answer">
            Отправить КП
          </SubmitButton>
        </Group>
      </Stack>
    </IntentForm>
  )
}

/** What the invited seller sees below the terms: its form, or its answer as given. */
export function SellerAnswerSection({
  request,
  state,
}: {
  request: IncomingProcurement
  state: ProcurementActionState
}) {
  const chat = request.chatRoomGuid && (
    <Anchor component={AppLink} to={`/chat?roomId=${encodeURIComponent(request.chatRoomGuid)}`} size="sm">
      <Group gap={4} component="span">
        <IconMessageCircle size={16} aria-hidden="true" />
        Задать вопрос покупателю
      </Group>
    </Anchor>
  )
  if (request.canAnswer) {
    return (
      <>
        <Section title="Ваше коммерческое предложение" actions={chat}>
          <Text size="sm" c="dimmed">
            Ответить можно до {formatDate(request.deadline)} включительно. Другие поставщики не видят ни вашего ответа,
            ни того, что запрос направлен вам.
          </Text>
          <AnswerForm request={request} state={state} />
        </Section>
        <Section title="Не можете предложить?">
          <ReasonForm
            state={state}
            intent="decline"
            label="Отказ от запроса"
            field="Причина отказа"
            description="Например: нет такой позиции, не поставляем в этот регион"
            button="Отказаться"
          />
        </Section>
      </>
    )
  }
  return (
    <Section title="Ваш ответ" actions={chat}>
      {request.myStatus === 'answered' && request.myOffer && (
        <>
          <OfferTerms offer={request.myOffer} />
          <Group gap="md">
            <DownloadLink href={procurementLinks.myOffer(request.number)}>КП в PDF</DownloadLink>
            {request.myOffer.scanFileId && (
              <DownloadLink href={procurementLinks.myOffer(request.number, true)}>Скан с подписью</DownloadLink>
            )}
          </Group>
        </>
      )}
      {request.myStatus === 'declined' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Вы отказались: {request.myDeclineReason}
        </Text>
      )}
      {request.myStatus === 'awaiting' && (
        <Text size="sm">
          {request.status === 'cancelled'
            ? 'Покупатель отменил запрос.'
            : 'Приём ответов завершён: ответить на этот запрос уже нельзя.'}
        </Text>
      )}
    </Section>
  )
}
