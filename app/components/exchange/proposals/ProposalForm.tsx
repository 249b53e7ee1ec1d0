import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useState } from 'react'
import { FileUpload, type UploadedFile } from '#app/components/FileUpload.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { PROPOSAL_LIMITS, type ProposalView } from '#common/exchange/proposals.ts'
import { failureOf, IntentForm, type ProposalActionState, SubmitButton } from './proposal-state.tsx'
import { quote } from '#common/format.ts'

const FIELDS = ['price', 'startsOn', 'endsOn', 'terms', 'message', 'fileIds'] as const

/** Kopecks as the rubles field shows them: «180000» or «180000,50». */
const rublesOf = (kopecks: number) =>
  kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2).replace('.', ',')

/**
 * The proposal's fields: price in rubles, the dates of the work, terms, a message and files.
 * A new proposal (`propose`) starts empty; a revision (`revise`) starts from the current version
 * and keeps its files unless unticked. A refusal comes back with what was typed.
 */
export function ProposalForm({
  state,
  today,
  submissionKey,
  current,
  onCancel,
}: {
  state: ProposalActionState
  today: string
  /** The Idempotency-Key of a new proposal. */
  submissionKey?: string
  /** The proposal being revised. */
  current?: ProposalView
  onCancel?: () => void
}) {
  const intent = current ? 'revise' : 'propose'
  const failure = failureOf(state, intent)
  const typed = failure?.values
  const [uploaded, setUploaded] = useState<UploadedFile[]>([])
  const [kept, setKept] = useState<string[]>(current?.files.map((f) => f.fileId) ?? [])
  const room = PROPOSAL_LIMITS.files - kept.length
  const label = current ? 'Изменить предложение' : 'Отправить предложение'
  return (
    <IntentForm state={state} intent={intent} label={label} proposalId={current?.id}>
      {submissionKey && <input type="hidden" name="submissionKey" value={submissionKey} />}
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            name="price"
            label="Цена, ₽"
            description="Полная стоимость работ"
            inputMode="decimal"
            withAsterisk
            autoComplete="off"
            defaultValue={typed?.price ?? (current ? rublesOf(current.priceKopecks) : '')}
            error={failure?.fieldErrors.price}
          />
          <TextInput
            name="startsOn"
            type="date"
            label="Начало работ"
            withAsterisk
            min={today}
            defaultValue={typed?.startsOn ?? current?.startsOn ?? ''}
            error={failure?.fieldErrors.startsOn}
          />
          <TextInput
            name="endsOn"
            type="date"
            label="Окончание работ"
            withAsterisk
            min={today}
            defaultValue={typed?.endsOn ?? current?.endsOn ?? ''}
            error={failure?.fieldErrors.endsOn}
          />
        </SimpleGrid>
        <Textarea
          name="terms"
          label="Условия"
          description="Что входит в цену, техника и допуски, оплата, кто получает разрешение на полёты"
          autosize
          minRows={3}
          maxLength={PROPOSAL_LIMITS.terms}
          defaultValue={typed?.terms ?? current?.terms ?? ''}
          error={failure?.fieldErrors.terms}
        />
        <Textarea
          name="message"
          label="Сообщение заказчику"
          autosize
          minRows={2}
          maxLength={PROPOSAL_LIMITS.message}
          defaultValue={typed?.message ?? current?.message ?? ''}
          error={failure?.fieldErrors.message}
        />
        {current && current.files.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Файлы текущей версии
            </Text>
            {current.files.map((file) => (
              <Checkbox
                key={file.fileId}
                label={`Оставить ${quote(file.name)}`}
                checked={kept.includes(file.fileId)}
                onChange={(e) => {
                  const { checked } = e.currentTarget
                  setKept((list) => (checked ? [...list, file.fileId] : list.filter((id) => id !== file.fileId)))
                }}
              />
            ))}
          </Stack>
        )}
        {[...kept, ...uploaded.map((f) => f.id)].map((id) => (
          <input key={id} type="hidden" name="fileId" value={id} />
        ))}
        <FileUpload
          organizationId={current?.vendor.id}
          maxFiles={Math.max(room, 0)}
          disabled={room <= 0}
          label="Приложить файлы"
          onUploaded={(file) => setUploaded((list) => [...list, file])}
          onRemove={(file) => setUploaded((list) => list.filter((f) => f.id !== file.id))}
        />
        {failure?.fieldErrors.fileIds && (
          <Text size="sm" c="red.9" role="alert">
            {failure.fieldErrors.fileIds}
          </Text>
        )}
        <FormMessage failure={failure} fields={FIELDS} />
        <Group gap="sm">
          <SubmitButton state={state} intent={intent} leftSection={<IconSend size={18} aria-hidden="true" />}>
            {label}
          </SubmitButton>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={state.pending === intent}>
              Отмена
            </Button>
          )}
        </Group>
      </Stack>
    </IntentForm>
  )
}
