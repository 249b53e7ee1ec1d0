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

/*
 * Mantine's teal, green, orange, yellow and cyan with shades 8 and 9 darkened. Shade 8 is the filled
 * colour under white text and shade 9 the text of light badges and alerts (on shade 1); Mantine's
 * own give 2.5–4.3:1 there, these 4.6:1 or more (WCAG asks 4.5:1 for text). Shades 0–7 are
 * Mantine's.
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#066649',
]
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#237032',
  '#1e5e2a',
]
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#c2410c',
  '#9a3412',
]
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#f59f00',
  '#945400',
  '#8a4f00',
]
const cyan: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#15aabf',
  '#1098ad',
  '#0b7285',
  '#095c6b',
]

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  colors: { navy, accent, teal, green, orange, yellow, cyan },
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
  components: {
    // Under a title Mantine greys a notification's text with gray.6 (3.3:1 on white); the
    // theme's dimmed grey keeps 6:1.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  },
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
