import { MantineProvider } from '@mantine/core'
import { format, resolveConfig } from 'prettier'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { cssVariablesResolver, theme } from './theme.ts'

/**
 * What MantineProvider would put in the page for our theme: its CSS variables (colours, heading
 * sizes, the dimmed grey…) and its responsive helper classes. The root renders no MantineProvider
 * (its code would cost every page's first load), so theme.css carries them as a stylesheet.
 */
async function mantineThemeCss(): Promise<string> {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {null}
    </MantineProvider>,
  )
  const blocks = [...html.matchAll(/<style data-mantine-styles="(true|classes)">([\s\S]*?)<\/style>/g)]
  const css = [
    '/* Generated from app/theme.ts by app/theme.test.tsx — do not edit; after changing the theme run',
    '   `node_modules/.bin/vitest run app/theme.test.tsx --update`. */',
    ...blocks.map(([, , block]) => block!.trim()),
  ].join('\n')
  // Formatted as the repository formats CSS, so that `prettier --check` passes on the file.
  const file = new URL('./theme.css', import.meta.url).pathname
  return format(css, { ...(await resolveConfig(file)), filepath: file })
}

describe('theme.css', () => {
  it('has the CSS variables and classes MantineProvider generates for the theme', async () => {
    const css = await mantineThemeCss()
    expect(css).toContain('--mantine-color-navy-9: #0b2545;')
    expect(css).toContain('--mantine-color-dimmed: #555d65;')
    expect(css).toContain('.mantine-hidden-from-sm')
    await expect(css).toMatchFileSnapshot('./theme.css')
  })
})
