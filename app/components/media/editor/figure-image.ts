import { Node } from '@tiptap/core'

export interface FigureImageAttributes {
  src: string
  alt: string
  width: number | null
  height: number | null
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figureImage: {
      insertFigureImage: (attributes: FigureImageAttributes) => ReturnType
    }
  }
}

const numberOf = (value: string | null) => (value && Number.isFinite(Number(value)) ? Number(value) : null)

/**
 * An image of the article's body with its caption: `<figure><img …><figcaption>…</figcaption></figure>`,
 * the caption typed in place. A figure that stands for a product (`data-product-embed`) is not this.
 */
export const FigureImage = Node.create({
  name: 'figureImage',
  group: 'block',
  content: 'inline*',
  marks: '',
  draggable: true,
  isolating: true,

  addAttributes() {
    return {
      src: { default: '', rendered: false },
      alt: { default: '', rendered: false },
      width: { default: null, rendered: false },
      height: { default: null, rendered: false },
    }
  },

  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (element) => {
          const img = element.querySelector('img')
          if (!img || element.hasAttribute('data-product-embed')) return false
          return {
            src: img.getAttribute('src') ?? '',
            alt: img.getAttribute('alt') ?? '',
            width: numberOf(img.getAttribute('width')),
            height: numberOf(img.getAttribute('height')),
          }
        },
        // A figure stored without a caption still gets an empty one to type into.
        contentElement: (element) =>
          (element.querySelector('figcaption') as HTMLElement | null) ??
          element.ownerDocument.createElement('figcaption'),
      },
    ]
  },

  renderHTML({ node }) {
    const { src, alt, width, height } = node.attrs as FigureImageAttributes
    const img: Record<string, string> = { src, alt }
    if (width) img.width = String(width)
    if (height) img.height = String(height)
    return ['figure', ['img', img], ['figcaption', 0]]
  },

  addCommands() {
    return {
      insertFigureImage:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
    }
  },

  addKeyboardShortcuts() {
    return {
      // Enter in a caption ends it and goes on with a paragraph below, rather than splitting the figure in two.
      Enter: ({ editor }) => {
        const { $from } = editor.state.selection
        if ($from.parent.type.name !== this.name) return false
        const after = $from.after()
        return editor
          .chain()
          .insertContentAt(after, { type: 'paragraph' })
          .setTextSelection(after + 1)
          .run()
      },
    }
  },
})
