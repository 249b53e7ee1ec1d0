import { createTheme, type MantineColorsTuple } from '@mantine/core'

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

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  colors: { navy },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'md',
  // Spec section 9 breakpoints, in em (16 px).
  breakpoints: { xs: '26.5625em', sm: '48em', md: '64em', lg: '80em', xl: '100em' },
})
