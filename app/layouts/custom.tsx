import { Outlet } from 'react-router'
import { SiteShell } from '#app/components/site/SiteShell.tsx'

/** The home page's layout (spec: "custom"): sections run edge to edge, each sets its own width. */
export default function CustomLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  )
}
