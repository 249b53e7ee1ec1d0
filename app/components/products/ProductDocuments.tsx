import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconFileTypePdf, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { api } from '#app/lib/api.ts'
import { productDocumentUrl } from '#app/components/product/document-url.ts'
import { failureMessage } from '#app/lib/upload.ts'
import { FILE_LIMITS, formatFileSize } from '#common/files.ts'
import { DOCUMENT_LIMITS, MEDIA_MESSAGES } from '#common/product-media.ts'
import { PRODUCT_LIMITS } from '#common/products.ts'
import { MediaDropzone, UploadList } from './MediaDropzone.tsx'
import classes from './media.module.css'
import { useUploadQueue } from './use-upload-queue.ts'
import { formatCount } from '#common/format.ts'
import { DOCUMENTS_UP_TO } from '#common/counted-words.ts'

export interface ProductDocumentItem {
  fileId: string
  name: string
}

interface WithDocuments {
  data: { documents: ProductDocumentItem[] }
}

/**
 * The «Документы» section of the product form: certificates and spec sheets in PDF, each with
 * a title buyers see on the product page. Changes go to the API at once.
 */
export function ProductDocuments({
  productId,
  initial,
  disabled,
}: {
  productId: string
  initial: ProductDocumentItem[]
  disabled: boolean
}) {
  const [documents, setDocuments] = useState(initial)
  const [actionError, setActionError] = useState<string | null>(null)
  const base = `/cabinet/products/${productId}/documents`
  const uploads = useUploadQueue<{ documents: ProductDocumentItem[] }>(base, (data) => setDocuments(data.documents))

  function addFiles(files: File[]) {
    setActionError(null)
    uploads.add(files, PRODUCT_LIMITS.documents - documents.length, (file, room) => {
      if (!/\.pdf$/i.test(file.name) || (file.type && file.type !== 'application/pdf'))
        return MEDIA_MESSAGES.documentType
      if (file.size > FILE_LIMITS.maxBytes) return 'Файл больше 10 МБ'
      return room <= 0 ? MEDIA_MESSAGES.documentsLimit : null
    })
  }

  async function change(run: () => Promise<WithDocuments>) {
    setActionError(null)
    try {
      setDocuments((await run()).data.documents)
    } catch (failure) {
      setActionError(failureMessage(failure))
    }
  }

  function rename(doc: ProductDocumentItem, name: string) {
    if (name.trim() === doc.name) return
    if (!name.trim()) return setActionError(MEDIA_MESSAGES.documentName)
    void change(() => api.patch<WithDocuments>(`${base}/${doc.fileId}`, { name }))
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="documents-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="documents-title">
            Документы
          </Title>
          <Text size="sm" c="dimmed">
            Сертификаты, паспорт изделия, спецификации. Покупатели скачают их со страницы товара после публикации.
          </Text>
        </div>
        <MediaDropzone
          label="Выбрать документы"
          hint={`PDF до ${formatFileSize(FILE_LIMITS.maxBytes)}, не больше ${formatCount(PRODUCT_LIMITS.documents, DOCUMENTS_UP_TO)}`}
          accept={DOCUMENT_LIMITS.accept}
          multiple
          disabled={disabled || documents.length >= PRODUCT_LIMITS.documents}
          onFiles={addFiles}
        />
        <UploadList items={uploads.uploads} onDismiss={uploads.dismiss} />
        {actionError && (
          <Text size="sm" c="red.8" role="alert">
            {actionError}
          </Text>
        )}
        {documents.length > 0 && (
          <ul className={classes.documents} aria-label="Документы товара">
            {documents.map((doc, i) => (
              <li key={doc.fileId}>
                <Group gap="sm" align="flex-end" wrap="wrap">
                  <TextInput
                    style={{ flex: '1 1 14rem', minWidth: 0 }}
                    label={`Название документа ${i + 1}`}
                    defaultValue={doc.name}
                    maxLength={DOCUMENT_LIMITS.nameLength}
                    disabled={disabled}
                    onBlur={(event) => rename(doc, event.currentTarget.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault()
                        rename(doc, event.currentTarget.value)
                      }
                    }}
                  />
                  <Anchor href={productDocumentUrl(productId, doc.fileId)} size="sm" py={8}>
                    <Group gap={4} wrap="nowrap" component="span">
                      <IconFileTypePdf size={16} aria-hidden="true" />
                      Скачать
                      <span className={classes.visuallyHidden}> {doc.name}</span>
                    </Group>
                  </Anchor>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    mb={6}
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    disabled={disabled}
                    onClick={() => void change(() => api.delete<WithDocuments>(`${base}/${doc.fileId}`))}
                    aria-label={`Убрать документ ${doc.name}`}
                  >
                    Убрать
                  </Button>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  )
}
