import { ActionIcon, Anchor, Group, Paper, Stack, Text } from '@mantine/core'
import { IconFileText, IconTrash } from '@tabler/icons-react'
import { useRouteLoaderData } from 'react-router'
import { formatFileSize } from '#common/files.ts'
import { FileUpload } from '../FileUpload.tsx'
import type { RoleView, useCompanyFetcher } from './company-ui.ts'
import type { RootData } from '#app/lib/root-data.ts'

/**
 * The documents of a role request: a list with download links, and while the request can still
 * change, removal and upload (the upload goes to the files API; the file is then attached here).
 */
export function RoleDocuments({
  organizationId,
  role,
  editable,
  fetcher: card,
}: {
  organizationId: string
  role: RoleView
  editable: boolean
  fetcher: ReturnType<typeof useCompanyFetcher>
}) {
  const root = useRouteLoaderData('root') as RootData | undefined
  const apiBaseUrl = (root?.publicConfig?.apiBaseUrl ?? '/api/v1').replace(/\/+$/, '')
  const removing =
    card.fetcher.formData?.get('intent') === 'detachDocument' ? card.fetcher.formData.get('fileId') : null
  const target = { intent: '', organizationId, type: role.type }

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Документы
      </Text>
      {role.documents.length === 0 && (
        <Text size="sm" c="dimmed">
          Пока ничего не приложено. Подойдут выписка из ЕГРЮЛ или ЕГРИП, устав, доверенность — PDF, JPEG или PNG.
        </Text>
      )}
      {role.documents.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {role.documents.map((doc) => (
            <Paper key={doc.id} component="li" withBorder px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileText size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
                  {doc.available ? (
                    <Anchor href={`${apiBaseUrl}/files/${doc.id}`} size="sm" truncate="end" title={doc.originalName}>
                      {doc.originalName}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {doc.originalName}
                    </Text>
                  )}
                  {doc.available && (
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {formatFileSize(doc.size)}
                    </Text>
                  )}
                </Group>
                {editable && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Открепить документ ${doc.originalName}`}
                    loading={removing === doc.id}
                    onClick={() =>
                      card.fetcher.submit({ ...target, intent: 'detachDocument', fileId: doc.id }, { method: 'post' })
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editable && (
        <FileUpload
          // A fresh list after each attached document: the attached ones are listed above.
          key={role.documents.length}
          organizationId={organizationId}
          label="Загрузить документы"
          onUploaded={(file) =>
            card.fetcher.submit({ ...target, intent: 'attachDocument', fileId: file.id }, { method: 'post' })
          }
        />
      )}
    </Stack>
  )
}
