import { RichTextField } from '#app/components/rich-text/RichTextField.tsx'

/**
 * The description's editor: paragraphs, headings, lists, bold, italic, links, and nothing the
 * server's sanitizer would drop (server/text/sanitize.ts). Loaded only on the cabinet's product
 * and service forms (see ProductForm), so Tiptap never reaches the public pages.
 */
export default function DescriptionEditor(props: {
  value: string
  onChange: (html: string) => void
  labelId: string
  invalid: boolean
}) {
  return <RichTextField {...props} headingLevels={[3, 4]} />
}
