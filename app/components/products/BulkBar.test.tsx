import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { theme } from '#app/theme.ts'
import { BulkBar } from './BulkBar.tsx'

const render = (selectedCount: number) =>
  renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <BulkBar
        actions={['submit', 'delete']}
        canSubmit
        selectedCount={selectedCount}
        pageCount={5}
        busy={null}
        onSelectAll={() => {}}
        onDelete={() => {}}
      />
    </MantineProvider>,
  )

/** Whether the button whose text is `label` is disabled in the markup. */
const disabled = (html: string, label: string) => {
  const button = [...html.matchAll(/<button[^>]*>[\s\S]*?<\/button>/g)].map((m) => m[0]).find((b) => b.includes(label))
  expect(button, label).toBeDefined()
  return /\sdisabled(="")?[\s>]/.test(button!.slice(0, button!.indexOf('>') + 1))
}

describe('the bulk bar', () => {
  it('offers no action while nothing is chosen', () => {
    const html = render(0)
    expect(disabled(html, 'Отправить на модерацию')).toBe(true)
    expect(disabled(html, 'Удалить черновики')).toBe(true)
  })

  it('offers them once a product is chosen', () => {
    const html = render(2)
    expect(disabled(html, 'Отправить на модерацию')).toBe(false)
    expect(disabled(html, 'Удалить черновики')).toBe(false)
  })
})
