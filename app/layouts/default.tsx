import { Outlet } from 'react-router'
import { SiteShell } from '#app/components/site/SiteShell.tsx'
import ui from '#app/components/ui/ui.module.css'
import classes from './default.module.css'

/** The layout of every public page but home: header, a content column, footer. */
export default function DefaultLayout() {
  return (
    <SiteShell>
      <div className={`${ui.container} ${classes.content}`}>
        <Outlet />
      </div>
    </SiteShell>
  )
}
