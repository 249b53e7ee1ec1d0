import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

const navy: MantineColorsTuple = [
  '#eaf1fb',
  '#d3def0',
  '#a6bbe0',
  '#7596d0',
  '#4d77c3',
  '#3464bb',
  '#265ab8',
  '#1a4aa2',
  '#13315c',
  '#0b2545',
]

/** The orange accent, darkened so white text on it keeps 5:1 contrast (shade 8 is the filled one). */
const accent: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#f2a541',
  '#e8590c',
  '#d9480f',
  '#c2410c',
  '#9a3412',
]

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  colors: { navy, accent },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Smaller on phones, Mantine's sizes from tablets up.
    sizes: {
      h1: { fontSize: 'clamp(1.625rem, 1.2rem + 2vw, 2.125rem)' },
      h2: { fontSize: 'clamp(1.375rem, 1.1rem + 1.2vw, 1.625rem)' },
    },
  },
  defaultRadius: 'md',
  // Spec section 9 breakpoints, in em (16 px).
  breakpoints: { xs: '26.5625em', sm: '48em', md: '64em', lg: '80em', xl: '100em' },
})

/**
 * Mantine's default "dimmed" grey (#868e96) has 3.3:1 contrast on white, under WCAG's 4.5:1 for
 * text; this one has 6:1. Its error red (red.6, #fa5252) has 3.3:1 too: a field's error message
 * and the invalid field's text take red.9 (5.2:1) instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#555d65', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
})
