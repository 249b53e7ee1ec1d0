import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconFileTypePdf, IconTrash } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { api } from '#app/lib/api.ts'
import { productDocumentUrl } from '#app/components/product/document-url.ts'
import { isApiError } from '#app/lib/api-client.ts'
import { failureMessage, uploadWithProgress } from '#app/lib/upload.ts'
import { FILE_LIMITS, formatFileSize } from '#common/files.ts'
import { DOCUMENT_LIMITS, MEDIA_MESSAGES } from '#common/product-media.ts'
import { PRODUCT_LIMITS } from '#common/products.ts'
import { MediaDropzone, type UploadItem, UploadList } from './MediaDropzone.tsx'
import classes from './media.module.css'

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
  const [uploads, setUploads] = useState<UploadItem[]>([])
  const [actionError, setActionError] = useState<string | null>(null)
  const nextKey = useRef(0)
  const queue = useRef(Promise.resolve())
  const base = `/cabinet/products/${productId}/documents`

  function addFiles(files: File[]) {
    setActionError(null)
    let room = PRODUCT_LIMITS.documents - documents.length - uploads.filter((u) => !u.error).length
    const items = files.map((file) => {
      let problem: string | null = null
      if (!/\.pdf$/i.test(file.name) || (file.type && file.type !== 'application/pdf'))
        problem = MEDIA_MESSAGES.documentType
      else if (file.size > FILE_LIMITS.maxBytes) problem = 'Файл больше 10 МБ'
      else if (room <= 0) problem = MEDIA_MESSAGES.documentsLimit
      if (!problem) room--
      return { key: nextKey.current++, name: file.name, progress: 0, error: problem, file }
    })
    setUploads((list) => [...list, ...items.map(({ file: _file, ...item }) => item)])
    for (const item of items.filter((i) => !i.error)) {
      queue.current = queue.current.then(async () => {
        try {
          const data = await uploadWithProgress<{ documents: ProductDocumentItem[] }>(base, item.file, (share) =>
            setUploads((list) => list.map((u) => (u.key === item.key ? { ...u, progress: share } : u))),
          )
          setDocuments(data.documents)
          setUploads((list) => list.filter((u) => u.key !== item.key))
        } catch (failure) {
          setUploads((list) => list.map((u) => (u.key === item.key ? { ...u, error: failureMessage(failure) } : u)))
        }
      })
    }
  }

  async function change(run: () => Promise<WithDocuments>) {
    setActionError(null)
    try {
      setDocuments((await run()).data.documents)
    } catch (failure) {
      setActionError(isApiError(failure) ? failure.message : failureMessage(failure))
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
          hint={`PDF до ${formatFileSize(FILE_LIMITS.maxBytes)}, не больше ${PRODUCT_LIMITS.documents} документов`}
          accept={DOCUMENT_LIMITS.accept}
          multiple
          disabled={disabled || documents.length >= PRODUCT_LIMITS.documents}
          onFiles={addFiles}
        />
        <UploadList items={uploads} onDismiss={(key) => setUploads((list) => list.filter((u) => u.key !== key))} />
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
