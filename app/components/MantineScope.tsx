// The sheets of the Mantine components in use, in the cascade layer `mantine`.
import './mantine-styles.ts'
import { MantineProvider } from '@mantine/core'
import { type ReactNode, useEffect } from 'react'
import { requestOverlays } from '#app/lib/overlays.ts'
import { cssVariablesResolver, theme } from '#app/theme.ts'

/**
 * Mantine's context for the parts built with Mantine components: the personal account, the
 * compare page, the lead form, and what loads after the page (notifications and modals, the
 * authentication modal, the account menu, the mobile menu, the header counters). The root has no
 * MantineProvider: its code would be on the first load of every page, where the site chrome and
 * the catalogue are plain elements. The CSS variables and classes a provider would write into
 * the page come with app/theme.css on every page instead, so this one writes none, and the site
 * has one colour scheme, light. The sheets of the Mantine components in use (mantine-styles.ts)
 * come with this module too, so a page whose first paint has no Mantine component does not wait
 * for them.
 */
export function MantineScope({ children }: { children: ReactNode }) {
  // Modals are opened from Mantine UI: their container is ready by the time anyone can click.
  useEffect(requestOverlays, [])
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      {children}
    </MantineProvider>
  )
}
