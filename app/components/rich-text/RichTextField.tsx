import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap'
import '@mantine/tiptap/styles.layer.css'
import type { Editor, Extensions } from '@tiptap/core'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { type ReactNode, useEffect } from 'react'

type HeadingLevel = 2 | 3 | 4

const HEADING_CONTROLS = {
  2: RichTextEditor.H2,
  3: RichTextEditor.H3,
  4: RichTextEditor.H4,
} as const

/** Paragraphs, two heading levels, lists, quotes, bold, italic, strike (and underline), links. */
export function baseExtensions(headingLevels: [HeadingLevel, HeadingLevel], underline: boolean): Extensions {
  return [
    StarterKit.configure({
      link: false,
      heading: { levels: headingLevels },
      underline: underline ? undefined : false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
    }),
    Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
  ]
}

/**
 * The one formatted-text editor of the cabinet and the staff console (Mantine's Tiptap): product
 * and service descriptions use it as it is, articles add their own nodes and controls. It is
 * imported only from lazily loaded modules, so Tiptap never reaches the public pages.
 */
export function RichTextField({
  value,
  onChange,
  labelId,
  invalid,
  headingLevels,
  underline = false,
  extensions = [],
  controls,
  onEditor,
  minHeight = 180,
}: {
  value: string
  onChange: (html: string) => void
  labelId: string
  invalid: boolean
  /** Two levels: the first is «Заголовок», the second «Подзаголовок». */
  headingLevels: [HeadingLevel, HeadingLevel]
  underline?: boolean
  /** Nodes beyond paragraphs, headings, lists, quotes and links (the article's figures, tables…). */
  extensions?: Extensions
  /** More toolbar groups, after the standard ones. */
  controls?: ReactNode
  /** The editor once made, for controls that insert content from outside the toolbar (a modal). */
  onEditor?: (editor: Editor | null) => void
  minHeight?: number
}) {
  const editor = useEditor({
    extensions: [...baseExtensions(headingLevels, underline), ...extensions],
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

  useEffect(() => {
    onEditor?.(editor)
    return () => onEditor?.(null)
  }, [editor, onEditor])

  const Heading = HEADING_CONTROLS[headingLevels[0]]
  const Subheading = HEADING_CONTROLS[headingLevels[1]]
  return (
    <RichTextEditor editor={editor} labels={labelsFor(headingLevels)}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          {underline && <RichTextEditor.Underline />}
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <Heading />
          <Subheading />
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
        {controls}
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={minHeight} />
    </RichTextEditor>
  )
}

/** The toolbar's accessible names, in Russian. */
function labelsFor([heading, subheading]: [HeadingLevel, HeadingLevel]): Partial<RichTextEditorLabels> {
  return {
    ...RU_LABELS,
    [`h${heading}ControlLabel`]: 'Заголовок',
    [`h${subheading}ControlLabel`]: 'Подзаголовок',
  }
}

const RU_LABELS = {
  boldControlLabel: 'Полужирный',
  italicControlLabel: 'Курсив',
  underlineControlLabel: 'Подчёркнутый',
  strikeControlLabel: 'Зачёркнутый',
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
  tableInsertControlLabel: 'Вставить таблицу',
  tableInsertLabel: (columns: number, rows: number) => `Вставить таблицу: столбцов ${columns}, строк ${rows}`,
  tableDeleteControlLabel: 'Удалить таблицу',
  tableColumnAfterControlLabel: 'Добавить столбец справа',
  tableColumnDeleteControlLabel: 'Удалить столбец',
  tableRowAfterControlLabel: 'Добавить строку ниже',
  tableRowDeleteControlLabel: 'Удалить строку',
}
