import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { type Viewport, viewportCookie, viewportForWidth } from '#common/viewport.ts'

const ViewportContext = createContext<Viewport>('desktop')

/**
 * The server renders the layout the viewport cookie names (or the user agent suggests); the
 * browser measures itself and stores the answer, so the next first response is already right.
 */
export function ViewportProvider({ initial, children }: { initial: Viewport; children: ReactNode }) {
  const [viewport, setViewport] = useState(initial)
  useEffect(() => {
    const update = () => {
      const measured = viewportForWidth(window.innerWidth)
      setViewport(measured)
      if (!document.cookie.includes(`viewport=${measured}`)) document.cookie = viewportCookie(measured)
    }
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [])
  return <ViewportContext.Provider value={viewport}>{children}</ViewportContext.Provider>
}

export function useViewport(): Viewport {
  return useContext(ViewportContext)
}
