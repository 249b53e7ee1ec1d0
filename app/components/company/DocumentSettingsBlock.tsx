import {
  Alert,
  Button,
  Fieldset,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconPencil, IconSignature } from '@tabler/icons-react'
import { useState } from 'react'
import {
  attorneyBasis,
  type DocumentSettings,
  type SignerKind,
  VAT_STATUS_LABELS,
  VAT_STATUSES,
} from '#common/document-settings.ts'
import {
  ATTORNEY_NUMBER_MAX,
  DocumentSettingsInput,
  documentSettingsFields,
  PERSON_NAME_MAX,
  POSITION_MAX,
} from '#common/document-settings.schemas.ts'
import { FILES_PATH } from '#common/files.ts'
import { fieldErrors } from '#common/organizations.schemas.ts'
import { FileUpload } from '#app/components/FileUpload.tsx'
import { getApiBaseUrl } from '#app/lib/api-config.ts'
import { DOCUMENT_SETTINGS_ANCHOR, type OrganizationView, useCompanyFetcher } from './company-ui.ts'
import { Detail, useCheckedForm, useEditing } from './block-parts.tsx'
import { FormMessage } from './FormMessage.tsx'

const FIELDS = [
  'headName',
  'headPosition',
  'accountantName',
  'signer',
  'attorneyName',
  'attorneyPosition',
  'attorneyNumber',
  'attorneyDate',
  'vatStatus',
  'edoParticipantId',
  'signatureFileId',
  'stampFileId',
] as const
type Field = (typeof FIELDS)[number]

const VAT_OPTIONS = [
  { value: '', label: 'Выберите…', disabled: true },
  ...VAT_STATUSES.map((value) => ({ value, label: VAT_STATUS_LABELS[value] })),
]

const PICTURE = {
  accept: 'image/png,image/jpeg,.png,.jpg,.jpeg',
  hint: 'PNG или JPEG, до 1 МБ, лучше на прозрачном фоне',
}

/** A picture printed on the forms: the stored one with «Убрать», or an upload of the organization's. */
function PictureField({
  name,
  label,
  organizationId,
  initial,
  error,
}: {
  name: string
  label: string
  organizationId: string
  initial: string
  error?: string
}) {
  const [fileId, setFileId] = useState(initial)
  const src = `${getApiBaseUrl().replace(/\/+$/, '')}${FILES_PATH}/${fileId}`
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <input type="hidden" name={name} value={fileId} />
      <Text fw={600} size="sm">
        {label}
      </Text>
      {fileId ? (
        <Group gap="sm">
          <img src={src} alt={label} height={48} style={{ maxWidth: 160, objectFit: 'contain' }} />
          <Button variant="default" size="xs" onClick={() => setFileId('')}>
            Убрать
          </Button>
        </Group>
      ) : (
        <FileUpload
          organizationId={organizationId}
          maxFiles={1}
          label="Загрузить картинку"
          only={PICTURE}
          onUploaded={(meta) => setFileId(meta.id)}
        />
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  )
}

function DocumentSettingsForm({
  organizationId,
  settings,
  fetcher: edit,
  onCancel,
}: {
  organizationId: string
  settings: DocumentSettings | null
  fetcher: ReturnType<typeof useCompanyFetcher>
  onCancel: () => void
}) {
  const form = useCheckedForm(edit, (values) => {
    const parsed = DocumentSettingsInput.safeParse(values)
    return parsed.success ? {} : fieldErrors(parsed.error)
  })
  const { errors } = form
  // After a refusal the typed values come back; otherwise the stored ones.
  const stored = documentSettingsFields(settings)
  const initial = (name: Field) => (edit.failure ? edit.values[name] : stored[name]) ?? ''
  const [signer, setSigner] = useState<SignerKind>(initial('signer') === 'attorney' ? 'attorney' : 'head')

  const field = (name: Field, label: string) => ({ name, label, defaultValue: initial(name), error: errors[name] })
  return (
    <edit.fetcher.Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      aria-label="Подписанты и документы"
    >
      <input type="hidden" name="intent" value="documentSettings" />
      <input type="hidden" name="organizationId" value={organizationId} />
      <Stack gap="md">
        <FormMessage failure={edit.failure} fields={FIELDS} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              {...field('headName', 'Руководитель')}
              placeholder="Иванов Иван Иванович"
              description="Фамилия, имя и отчество полностью: в документах — с инициалами"
              autoComplete="off"
              required
              maxLength={PERSON_NAME_MAX}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              {...field('headPosition', 'Должность руководителя')}
              defaultValue={initial('headPosition') || 'Генеральный директор'}
              required
              maxLength={POSITION_MAX}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              {...field('accountantName', 'Главный бухгалтер')}
              placeholder="Петрова Анна Сергеевна"
              description="Если бухгалтера нет, оставьте пустым: за бухгалтера подпишет руководитель"
              autoComplete="off"
              maxLength={PERSON_NAME_MAX}
            />
          </Grid.Col>
        </Grid>
        <Radio.Group
          name="signer"
          label="Кто подписывает документы"
          value={signer}
          onChange={(value) => setSigner(value === 'attorney' ? 'attorney' : 'head')}
          error={errors.signer}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="head" label="Руководитель" />
            <Radio value="attorney" label="Другой сотрудник по доверенности" />
          </Stack>
        </Radio.Group>
        {signer === 'attorney' && (
          <Fieldset legend="Кто подписывает по доверенности">
            <Grid>
              <Grid.Col span={{ base: 12, sm: 7 }}>
                <TextInput
                  {...field('attorneyName', 'Фамилия, имя и отчество')}
                  autoComplete="off"
                  required
                  maxLength={PERSON_NAME_MAX}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInput {...field('attorneyPosition', 'Должность')} required maxLength={POSITION_MAX} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  {...field('attorneyNumber', 'Номер доверенности')}
                  required
                  maxLength={ATTORNEY_NUMBER_MAX}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput {...field('attorneyDate', 'Дата доверенности')} type="date" required />
              </Grid.Col>
            </Grid>
          </Fieldset>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <NativeSelect
              {...field('vatStatus', 'НДС')}
              data={VAT_OPTIONS}
              description="От этого зависит, какой документ получает покупатель: с НДС — счёт-фактуру"
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              {...field('edoParticipantId', 'Идентификатор участника ЭДО')}
              placeholder="2BE…"
              description="Необязательно. Выдаёт оператор: Диадок, СБИС, Такском"
              autoComplete="off"
              maxLength={46}
            />
          </Grid.Col>
        </Grid>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PictureField
              name="signatureFileId"
              label="Подпись для печатных форм"
              organizationId={organizationId}
              initial={initial('signatureFileId')}
              error={errors.signatureFileId}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PictureField
              name="stampFileId"
              label="Печать для печатных форм"
              organizationId={organizationId}
              initial={initial('stampFileId')}
              error={errors.stampFileId}
            />
          </Grid.Col>
        </Grid>
        <Group gap="sm">
          <Button type="submit" loading={edit.busy}>
            Сохранить
          </Button>
          <Button variant="default" onClick={onCancel}>
            Отмена
          </Button>
        </Group>
      </Stack>
    </edit.fetcher.Form>
  )
}

function SettingsDetails({ settings }: { settings: DocumentSettings }) {
  const { head, accountant, attorney } = settings
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      <Detail label="Руководитель">
        {head.name}, {head.position.toLowerCase()}
      </Detail>
      <Detail label="Главный бухгалтер">{accountant?.name ?? 'Нет: за бухгалтера подписывает руководитель'}</Detail>
      <Detail label="Подписывает документы">
        {attorney ? `${attorney.name}, ${attorney.position.toLowerCase()}, ${attorneyBasis(attorney)}` : 'Руководитель'}
      </Detail>
      <Detail label="НДС">{VAT_STATUS_LABELS[settings.vatStatus]}</Detail>
      <Detail label="Идентификатор участника ЭДО">{settings.edoParticipantId ?? 'Не указан'}</Detail>
      <Detail label="Подпись и печать на печатных формах">
        {[settings.signatureFileId && 'подпись', settings.stampFileId && 'печать'].filter(Boolean).join(' и ') ||
          'Нет: ставятся от руки'}
      </Detail>
    </SimpleGrid>
  )
}

/**
 * Who signs the organization's invoices and how it charges VAT: shown to every member, set by
 * owners and administrators. A seller without them is told that it cannot confirm orders.
 */
export function DocumentSettingsBlock({
  organization: org,
  isSeller,
}: {
  organization: OrganizationView
  isSeller: boolean
}) {
  const edit = useCompanyFetcher('document-settings')
  const { editing, open, close } = useEditing(edit)
  const canEdit = org.memberRole !== 'member'
  const settings = org.documentSettings

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      id={DOCUMENT_SETTINGS_ANCHOR}
      aria-labelledby="document-settings-title"
    >
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Title order={2} size="h3" id="document-settings-title">
          Подписанты и документы
        </Title>
        {canEdit && !editing && (
          <Button variant="default" leftSection={<IconPencil size={18} aria-hidden="true" />} onClick={open}>
            {settings ? 'Изменить подписантов' : 'Указать подписантов'}
          </Button>
        )}
      </Group>
      {editing ? (
        <DocumentSettingsForm organizationId={org.id} settings={settings} fetcher={edit} onCancel={close} />
      ) : (
        <Stack gap="md">
          <FormMessage success={edit.success} />
          {settings ? (
            <SettingsDetails settings={settings} />
          ) : (
            <Alert
              color={isSeller ? 'orange' : 'gray'}
              variant="light"
              icon={<IconSignature size={18} aria-hidden="true" />}
            >
              {isSeller
                ? 'Руководитель не указан. Без него нельзя подтвердить заказ: его подпись ставится в счёте на оплату.'
                : 'Подписанты не указаны. Они понадобятся, когда вы будете продавать: их подписи ставятся в счетах.'}
              {!canEdit && ' Указать их могут владелец и администраторы организации.'}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  )
}
