import type { ReactNode } from 'react'
import { IconSprite } from '../IconSprite.tsx'
import { SiteFooter } from './SiteFooter.tsx'
import { SiteHeader } from './SiteHeader.tsx'

/** Header, main content and footer: the frame of the default layout and of error pages. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Перейти к содержимому
      </a>
      <IconSprite />
      <SiteHeader />
      <main id="main" style={{ flex: 1 }}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
