import { Box, Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconPhotoOff, IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { ArticlePicture } from '#app/components/media/ArticlePicture.tsx'
import { IMAGE_SIZES } from '#common/images.ts'
import { failureMessage } from '#app/lib/upload.ts'
import type { ArticleImage } from '#common/media/articles.ts'
import { ARTICLE_LIMITS } from '#common/media/article-constants.ts'
import { checkPhotoBeforeUpload } from '#common/product-media.ts'
import { uploadArticleImage } from './article-api.ts'

const PREVIEW = IMAGE_SIZES.coverPreview

/**
 * The cover: uploaded here (re-encoded by the server), shown as it will be cropped on cards, with
 * its description for screen readers. Publishing needs one; the server says so if it is missing.
 */
export function CoverField({
  cover,
  alt,
  errors,
  disabled,
  onUploaded,
  onAltChange,
}: {
  cover: ArticleImage | null
  alt: string
  errors: Record<string, string>
  disabled: boolean
  onUploaded: (fileId: string, image: ArticleImage) => void
  onAltChange: (alt: string) => void
}) {
  const [state, setState] = useState<{ busy: boolean; progress: number; error: string | null }>({
    busy: false,
    progress: 0,
    error: null,
  })

  async function upload(file: File | null) {
    if (!file) return
    const problem = checkPhotoBeforeUpload(file)
    if (problem) return setState({ busy: false, progress: 0, error: problem })
    setState({ busy: true, progress: 0, error: null })
    try {
      const image = await uploadArticleImage(file, (progress) => setState((s) => ({ ...s, progress })))
      onUploaded(image.fileId, { src: image.url, kind: 'upload', alt, width: image.width, height: image.height })
      setState({ busy: false, progress: 1, error: null })
    } catch (error) {
      setState({ busy: false, progress: 0, error: failureMessage(error) })
    }
  }

  const error = state.error ?? errors.coverFileId
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="cover-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="cover-title">
          Обложка
        </Title>
        <Group align="start" gap="md" wrap="wrap">
          <Box
            w={PREVIEW.width}
            maw="100%"
            style={{ aspectRatio: `${PREVIEW.width} / ${PREVIEW.height}`, overflow: 'hidden', borderRadius: 6 }}
            bg="gray.1"
          >
            {cover ? (
              <ArticlePicture image={{ ...cover, alt }} size="coverPreview" />
            ) : (
              <Stack h="100%" align="center" justify="center" gap={4} c="gray.7">
                <IconPhotoOff size={28} aria-hidden="true" />
                <Text size="sm">Обложки пока нет</Text>
              </Stack>
            )}
          </Box>
          <Stack gap="xs" style={{ flex: '1 1 240px' }}>
            <FileButton onChange={upload} accept="image/jpeg,image/png,image/webp" disabled={disabled || state.busy}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  loading={state.busy}
                  leftSection={<IconUpload size={16} aria-hidden="true" />}
                >
                  {cover ? 'Заменить обложку' : 'Загрузить обложку'}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              JPEG, PNG или WebP. Лучше всего — горизонтальная, от 1200 × 630 пикселей.
            </Text>
            <Text size="sm" c="red.8" role="status">
              {error ?? ''}
            </Text>
          </Stack>
        </Group>
        <TextInput
          label="Описание обложки"
          description="Что на картинке — для тех, кто её не видит"
          value={alt}
          onChange={(event) => onAltChange(event.currentTarget.value)}
          maxLength={ARTICLE_LIMITS.coverAltMax}
          error={errors.coverAlt}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  )
}
