import { Link, RichTextEditor } from '@mantine/tiptap'
import '@mantine/tiptap/styles.css'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'

/**
 * The description's editor: paragraphs, headings, lists, bold, italic, links, and nothing the
 * server's sanitizer would drop (server/text/sanitize.ts). Loaded only on the cabinet's product
 * form (see ProductForm), so Tiptap never reaches the public pages.
 */
export default function DescriptionEditor({
  value,
  onChange,
  labelId,
  invalid,
}: {
  value: string
  onChange: (html: string) => void
  labelId: string
  invalid: boolean
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: false,
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
      }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(invalid && { 'aria-invalid': 'true' }),
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  })

  return (
    <RichTextEditor editor={editor} labels={RU_LABELS}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={180} />
    </RichTextEditor>
  )
}

/** The toolbar's accessible names, in Russian. */
const RU_LABELS = {
  boldControlLabel: 'Полужирный',
  italicControlLabel: 'Курсив',
  strikeControlLabel: 'Зачёркнутый',
  h3ControlLabel: 'Заголовок',
  h4ControlLabel: 'Подзаголовок',
  bulletListControlLabel: 'Маркированный список',
  orderedListControlLabel: 'Нумерованный список',
  blockquoteControlLabel: 'Цитата',
  linkControlLabel: 'Ссылка',
  unlinkControlLabel: 'Убрать ссылку',
  undoControlLabel: 'Отменить',
  redoControlLabel: 'Повторить',
  linkEditorInputLabel: 'Адрес ссылки',
  linkEditorInputPlaceholder: 'https://example.ru/',
  linkEditorExternalLink: 'Открывать в новой вкладке',
  linkEditorInternalLink: 'Открывать в этой вкладке',
  linkEditorSave: 'Сохранить',
}
