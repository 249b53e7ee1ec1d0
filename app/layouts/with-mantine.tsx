import { Outlet } from 'react-router'
import { MantineScope } from '#app/components/MantineScope.tsx'

/**
 * The personal account's pages built with Mantine components get its provider (and its
 * stylesheets) here; the account's layout itself and its plain pages (the order page) load none
 * of it.
 */
export default function WithMantine() {
  return (
    <MantineScope>
      <Outlet />
    </MantineScope>
  )
}
