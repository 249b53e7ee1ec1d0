import { Container } from '@mantine/core'
import { Outlet } from 'react-router'
import { SiteShell } from '#app/components/site/SiteShell.tsx'

/** The layout of every public page but home: header, a content column, footer. */
export default function DefaultLayout() {
  return (
    <SiteShell>
      <Container size="xl" py="xl">
        <Outlet />
      </Container>
    </SiteShell>
  )
}
