import { Loader, Text } from '@mantine/core'
import { RichTextEditor } from '@mantine/tiptap'
import { IconPackage, IconPhotoPlus } from '@tabler/icons-react'
import type { Editor } from '@tiptap/core'
import { useCallback, useMemo, useRef, useState } from 'react'
import { RichTextField } from '#app/components/rich-text/RichTextField.tsx'
import { openPrompt } from '#app/lib/prompt.tsx'
import { failureMessage } from '#app/lib/upload.ts'
import { checkPhotoBeforeUpload } from '#common/product-media.ts'
import { ARTICLE_LIMITS } from '#common/media/articles.ts'
import { uploadArticleImage } from './article-api.ts'
import classes from './article-editor.module.css'
import { articleExtensions } from './article-extensions.ts'
import type { EmbedCardProduct } from './product-embed.tsx'
import { ProductSearchModal } from './ProductSearchModal.tsx'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

const ICON = { size: 16, stroke: 1.5 } as const

/**
 * The article's body: the cabinet's rich-text editor with h2/h3, underline, tables, pictures with
 * captions (uploaded, then described for those who cannot see them) and product cards found by
 * search. Loaded lazily by the staff editor only.
 */
export default function ArticleBodyEditor({
  value,
  onChange,
  labelId,
  invalid,
  products: known,
  onReady,
}: {
  value: string
  onChange: (html: string) => void
  labelId: string
  invalid: boolean
  /** The embedded products already in the body, for their cards. */
  products: EmbedCardProduct[]
  /** Once the editor exists (Tiptap makes it after the first render). */
  onReady?: (editor: Editor) => void
}) {
  const editorRef = useRef<Editor | null>(null)
  const onEditor = useCallback(
    (editor: Editor | null) => {
      editorRef.current = editor
      if (editor) onReady?.(editor)
    },
    [onReady],
  )
  // One map for the editor's whole life: the embed's cards read it, each pick adds to it.
  const [products] = useState(() => new Map(known.map((p) => [p.id, p])))
  const extensions = useMemo(() => articleExtensions(products), [products])
  const [searching, setSearching] = useState(false)
  const [upload, setUpload] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' })
  const fileInput = useRef<HTMLInputElement>(null)

  async function addPicture(file: File) {
    const problem = checkPhotoBeforeUpload(file)
    if (problem) return setUpload({ busy: false, message: problem })
    setUpload({ busy: true, message: `Загружается ${file.name}…` })
    try {
      const image = await uploadArticleImage(file)
      setUpload({ busy: false, message: '' })
      const alt = await openPrompt({
        title: 'Описание изображения',
        label: 'Что на изображении — для тех, кто его не видит',
        validate: (text) => {
          if (!text.trim()) return 'Опишите изображение в нескольких словах'
          return (
            text.trim().length <= ARTICLE_LIMITS.coverAltMax ||
            `Не длиннее ${formatCount(ARTICLE_LIMITS.coverAltMax, CHARACTERS_UP_TO)}`
          )
        },
        confirmLabel: 'Вставить',
      })
      if (alt === null) return setUpload({ busy: false, message: 'Изображение не вставлено' })
      editorRef.current
        ?.chain()
        .focus()
        .insertFigureImage({ src: image.url, alt: alt.trim(), width: image.width, height: image.height })
        .run()
      setUpload({ busy: false, message: 'Изображение вставлено: под ним можно написать подпись' })
    } catch (error) {
      setUpload({ busy: false, message: failureMessage(error) })
    }
  }

  function pickProduct(product: EmbedCardProduct) {
    products.set(product.id, product)
    setSearching(false)
    editorRef.current?.chain().focus().insertProductEmbed(product.id).run()
  }

  const controls = (
    <>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Control
          aria-label="Вставить изображение"
          title="Вставить изображение"
          onClick={() => fileInput.current?.click()}
          disabled={upload.busy}
        >
          {upload.busy ? <Loader size={14} /> : <IconPhotoPlus {...ICON} aria-hidden="true" />}
        </RichTextEditor.Control>
        <RichTextEditor.Control
          aria-label="Вставить товар из каталога"
          title="Вставить товар из каталога"
          onClick={() => setSearching(true)}
        >
          <IconPackage {...ICON} aria-hidden="true" />
        </RichTextEditor.Control>
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.TableInsert maxColumns={6} maxRows={8} />
        <RichTextEditor.TableRowAfter />
        <RichTextEditor.TableColumnAfter />
        <RichTextEditor.TableRowDelete />
        <RichTextEditor.TableColumnDelete />
        <RichTextEditor.TableDelete />
      </RichTextEditor.ControlsGroup>
    </>
  )

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="article-image-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (file) void addPicture(file)
        }}
      />
      <div className={classes.body}>
        <RichTextField
          value={value}
          onChange={onChange}
          labelId={labelId}
          invalid={invalid}
          headingLevels={[2, 3]}
          underline
          extensions={extensions}
          controls={controls}
          onEditor={onEditor}
          minHeight={360}
        />
      </div>
      <Text size="sm" c={upload.message && !upload.busy ? undefined : 'dimmed'} role="status" mih={20}>
        {upload.message}
      </Text>
      <ProductSearchModal opened={searching} onClose={() => setSearching(false)} onPick={pickProduct} />
    </>
  )
}
