import { DEFAULT_THEME, MantineProvider } from '@mantine/core'
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

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

describe('theme colours', () => {
  // The colours the app names on badges, alerts, buttons and icons.
  const used = [
    'navy',
    'accent',
    'red',
    'gray',
    'blue',
    'teal',
    'green',
    'grape',
    'orange',
    'indigo',
    'yellow',
    'violet',
    'cyan',
  ]

  it.each(used)('%s keeps 4.5:1 for white text on its filled shade and for light badges and alerts', (name) => {
    const shades = theme.colors?.[name] ?? DEFAULT_THEME.colors[name]!
    // Filled (shade 8, the primary shade) under white text; light: shade 9 text on shade 1.
    expect(contrast(shades[8], '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5)
  })
})
