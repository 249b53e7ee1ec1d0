import type { WhoamiUser } from '#common/organizations.ts'
import type { Viewport } from '#common/viewport.ts'
import type { PublicConfig } from './load-context.ts'

/**
 * What the root route's loader gives every page: the public settings, the viewport, who is signed
 * in. Read it with `useRouteLoaderData('root') as RootData | undefined` (undefined where the root
 * loader did not run: an error before it, a test without it). A type only, on purpose: a shared
 * hook would be one more module, and so one more file, in every page's first load.
 */
export interface RootData {
  publicConfig: PublicConfig
  viewport: Viewport
  user: WhoamiUser | null
}
