import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core'
import { IconPackage, IconX } from '@tabler/icons-react'
import { Node } from '@tiptap/core'
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react'
import { formatPrice } from '#common/catalog/format.ts'
import { PRODUCT_EMBED_ATTRIBUTE } from '#common/media/article-constants.ts'
import { quote } from '#common/format.ts'

/** What the editor shows of an embedded product; the published page reads it live instead. */
export interface EmbedCardProduct {
  id: string
  name: string
  priceKopecks: number | null
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    productEmbed: {
      insertProductEmbed: (productId: string) => ReturnType
    }
  }
}

interface ProductEmbedOptions {
  /** Products known to the editor by id: the article's embeds as loaded, and each one picked since. */
  products: Map<string, EmbedCardProduct>
}

function ProductEmbedCard({ node, extension, deleteNode, selected }: ReactNodeViewProps) {
  const id = String(node.attrs.productId)
  const product = (extension.options as ProductEmbedOptions).products.get(id)
  return (
    <NodeViewWrapper data-drag-handle="" contentEditable={false}>
      <Paper
        withBorder
        p="sm"
        my="sm"
        radius="md"
        maw={420}
        bg="gray.0"
        style={selected ? { outline: '2px solid var(--mantine-color-blue-6)' } : undefined}
      >
        <Group wrap="nowrap" gap="sm" align="start">
          <IconPackage size={28} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              Карточка товара
            </Text>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {product?.name ?? 'Товар из каталога'}
            </Text>
            <Text size="sm">{product ? formatPrice(product.priceKopecks) : `Код ${id.slice(0, 8)}`}</Text>
          </Stack>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Убрать товар ${quote(product?.name ?? 'из каталога')} из статьи`}
            onClick={deleteNode}
          >
            <IconX size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Paper>
    </NodeViewWrapper>
  )
}

/**
 * A product of the catalogue inside the article: stored as the one element
 * `<figure data-product-embed="{id}"></figure>` (common/media/articles.ts), which the server's
 * sanitizer keeps as it is; shown here as a small card with the name and the price.
 */
export const ProductEmbed = Node.create<ProductEmbedOptions>({
  name: 'productEmbed',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  addOptions: () => ({ products: new Map() }),

  addAttributes() {
    return {
      productId: {
        default: '',
        parseHTML: (element) => element.getAttribute(PRODUCT_EMBED_ATTRIBUTE) ?? '',
        renderHTML: (attributes) => ({ [PRODUCT_EMBED_ATTRIBUTE]: attributes.productId }),
      },
    }
  },

  parseHTML: () => [{ tag: `figure[${PRODUCT_EMBED_ATTRIBUTE}]`, priority: 60 }],

  renderHTML: ({ HTMLAttributes }) => ['figure', HTMLAttributes],

  addNodeView() {
    return ReactNodeViewRenderer(ProductEmbedCard)
  },

  addCommands() {
    return {
      insertProductEmbed:
        (productId) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { productId } }),
    }
  },
})
