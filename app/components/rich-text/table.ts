import { type Editor, Node } from '@tiptap/core'
import type { Schema } from '@tiptap/pm/model'
import { TextSelection } from '@tiptap/pm/state'
import {
  addColumnAfter,
  addRowAfter,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  tableEditing,
} from '@tiptap/pm/tables'

/**
 * Tables for the article editor: plain rows of header and data cells, with the commands Mantine's
 * table controls call (insertTable, addRowAfter…). Tiptap's own table package pins an older core
 * than ours; the editing itself is ProseMirror's table module, shipped with @tiptap/pm.
 */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    articleTable: {
      insertTable: (options?: { rows?: number; cols?: number; withHeaderRow?: boolean }) => ReturnType
      addRowAfter: () => ReturnType
      addColumnAfter: () => ReturnType
      deleteRow: () => ReturnType
      deleteColumn: () => ReturnType
      deleteTable: () => ReturnType
    }
  }
}

/** What ProseMirror's table module reads from each node's spec. */
const TABLE_ROLES: Record<string, string> = {
  table: 'table',
  tableRow: 'row',
  tableCell: 'cell',
  tableHeader: 'header_cell',
}

const span = (name: 'colspan' | 'rowspan') => ({
  default: 1,
  parseHTML: (element: HTMLElement) => Number(element.getAttribute(name) ?? 1) || 1,
  renderHTML: (attributes: Record<string, unknown>) =>
    Number(attributes[name]) > 1 ? { [name]: attributes[name] } : {},
})

const cellAttributes = () => ({
  colspan: span('colspan'),
  rowspan: span('rowspan'),
  // The table module keeps column widths here; articles do not store them.
  colwidth: { default: null, rendered: false },
})

function createTable(schema: Schema, rows: number, cols: number, withHeaderRow: boolean) {
  const { table, tableRow, tableCell, tableHeader } = schema.nodes
  const row = (header: boolean) =>
    tableRow!.create(
      null,
      Array.from({ length: cols }, () => (header ? tableHeader! : tableCell!).createAndFill()!),
    )
  return table!.create(
    null,
    Array.from({ length: rows }, (_, index) => row(withHeaderRow && index === 0)),
  )
}

const run =
  (command: typeof addRowAfter) =>
  () =>
  ({ state, dispatch }: { state: Editor['state']; dispatch?: Parameters<typeof addRowAfter>[1] }) =>
    command(state, dispatch)

export const TableCell = Node.create({
  name: 'tableCell',
  content: 'paragraph+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
})

export const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'paragraph+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
})

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
})

export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],

  extendNodeSchema: (extension) => (extension.name in TABLE_ROLES ? { tableRole: TABLE_ROLES[extension.name] } : {}),

  addCommands() {
    return {
      insertTable:
        ({ rows = 3, cols = 3, withHeaderRow = true } = {}) =>
        ({ tr, dispatch, editor }) => {
          if (dispatch) {
            const start = tr.selection.from
            tr.replaceSelectionWith(createTable(editor.schema, rows, cols, withHeaderRow)).scrollIntoView()
            tr.setSelection(TextSelection.near(tr.doc.resolve(start + 1)))
          }
          return true
        },
      addRowAfter: run(addRowAfter),
      addColumnAfter: run(addColumnAfter),
      deleteRow: run(deleteRow),
      deleteColumn: run(deleteColumn),
      deleteTable: run(deleteTable),
    }
  },

  addKeyboardShortcuts() {
    return {
      Tab: () => this.editor.isActive('table') && goToNextCell(1)(this.editor.state, this.editor.view.dispatch),
      'Shift-Tab': () =>
        this.editor.isActive('table') && goToNextCell(-1)(this.editor.state, this.editor.view.dispatch),
    }
  },

  addProseMirrorPlugins: () => [tableEditing()],
})

export const TableExtensions = [Table, TableRow, TableHeader, TableCell]
