import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { type Licence, OFFER_LIMITS, OFFER_MESSAGES } from '#common/exchange/offers.ts'

/**
 * The offer's licences and permits (сертификат эксплуатанта, допуск СРО): a list the vendor adds
 * to and removes from, each with its title, number and the date it is valid until (optional).
 */
export function LicencesField({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: Licence[]
  onChange: (next: Licence[]) => void
  /** The form's field errors; the service names the list as a whole (`licences`). */
  errors: Record<string, string>
  disabled: boolean
}) {
  const set = (index: number, patch: Partial<Licence>) =>
    onChange(value.map((licence, i) => (i === index ? { ...licence, ...patch } : licence)))
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="licences-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="licences-title">
            Лицензии и допуски
          </Title>
          <Text size="sm" c="dimmed">
            Документы, с которыми вы выполняете работы: сертификат эксплуатанта, допуск СРО, лицензии.
          </Text>
        </div>
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            Документы не добавлены.
          </Text>
        )}
        {value.map((licence, index) => (
          <Group key={index} align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Название документа"
              value={licence.title}
              onChange={(e) => set(index, { title: e.currentTarget.value })}
              error={errors.licences && !licence.title.trim() ? OFFER_MESSAGES.licence : undefined}
              maxLength={OFFER_LIMITS.licenceTitle}
              disabled={disabled}
              style={{ flex: '2 1 220px' }}
            />
            <TextInput
              label="Номер"
              value={licence.number}
              onChange={(e) => set(index, { number: e.currentTarget.value })}
              error={errors.licences && !licence.number.trim() ? OFFER_MESSAGES.licence : undefined}
              maxLength={OFFER_LIMITS.licenceNumber}
              disabled={disabled}
              style={{ flex: '1 1 140px' }}
            />
            <TextInput
              type="date"
              label="Действует до"
              value={licence.validUntil ?? ''}
              onChange={(e) => set(index, { validUntil: e.currentTarget.value || null })}
              disabled={disabled}
              style={{ flex: '1 1 150px' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label={`Удалить документ ${licence.title || index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              disabled={disabled}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        {errors.licences && (
          <Text size="sm" c="red.8" role="alert">
            {errors.licences}
          </Text>
        )}
        <div>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => onChange([...value, { title: '', number: '', validUntil: null }])}
            disabled={disabled || value.length >= OFFER_LIMITS.licences}
          >
            Добавить документ
          </Button>
        </div>
      </Stack>
    </Paper>
  )
}
