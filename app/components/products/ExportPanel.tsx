import { Button, CopyButton, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { EXPORT_MESSAGES, EXPORT_SCOPE_LABELS, EXPORT_SCOPES, type ExportScope } from '#common/products-export.ts'

export interface ExportLinks {
  /** The CSV download of each scope. */
  csv: Record<ExportScope, string>
  /** The public YML feed; null while the vendor role is not confirmed. */
  feedUrl: string | null
}

/**
 * «Экспорт» below the cabinet's product list: the CSV download of all products or of those on
 * sale, and the YML feed's address to give Yandex Market or Avito autoload.
 */
export function ExportPanel({ links }: { links: ExportLinks }) {
  const [scope, setScope] = useState<ExportScope>('all')
  const headingId = useId()
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Экспорт
        </Title>
        <Stack gap="xs">
          <Text fw={600}>Таблица CSV</Text>
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Какие товары выгрузить"
              value={scope}
              onChange={(value) => setScope(value as ExportScope)}
              data={EXPORT_SCOPES.map((value) => ({ value, label: EXPORT_SCOPE_LABELS[value] }))}
            />
            <Button
              component="a"
              href={links.csv[scope]}
              download
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden="true" />}
            >
              Скачать CSV
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {EXPORT_MESSAGES.csvExplanation}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>YML-фид для Яндекс Маркета и Авито</Text>
          {links.feedUrl ? (
            <>
              <Group gap="sm" align="end" wrap="nowrap">
                <TextInput
                  label="Адрес фида"
                  value={links.feedUrl}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  style={{ flex: 1 }}
                />
                <CopyButton value={links.feedUrl}>
                  {({ copied, copy }) => (
                    <Button
                      variant="default"
                      onClick={copy}
                      leftSection={
                        copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />
                      }
                    >
                      {copied ? 'Скопировано' : 'Скопировать'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="sm" c="dimmed">
                {EXPORT_MESSAGES.feedExplanation}
              </Text>
            </>
          ) : (
            <Text size="sm">{EXPORT_MESSAGES.feedUnconfirmed}</Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  )
}
