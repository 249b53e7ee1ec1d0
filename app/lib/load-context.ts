import { createContext, type RouterContextProvider } from 'react-router'
import type { Ctx } from '#server/context.ts'
import type { Services } from '#server/services.ts'

export type Viewport = 'mobile' | 'desktop'

/** Settings the browser needs; the root loader hands them to the page. Nothing secret here. */
export interface PublicConfig {
  apiBaseUrl: string
  cdnUrl: string
  metrikaId: string | null
  buildId: string
  /** The static pictures' version for their URLs (common/images.ts); null in development. */
  assetsVersion: string | null
  publicUrl: string
  /**
   * Where the chat's realtime client connects: null for this origin's `/connection/websocket`
   * (ws:// or wss:// as the page's own scheme), else Centrifugo's URL (CENTRIFUGO_WS_URL).
   */
  chatWsUrl: string | null
  /** The service area map's tile URL template (MAP_TILES_URL); empty or absent: no base map. */
  mapTilesUrl?: string
}

/** What the server gives every loader and action: services in-process, never /api over HTTP. */
export interface AppLoadContext {
  requestId: string
  cspNonce: string
  viewport: Viewport
  publicConfig: PublicConfig
  services: Services
  /** Who is asking: the first argument of every service call. */
  ctx: Ctx
  /**
   * Keeps this response out of the guest page cache: an error rendered into a part streamed after
   * the shell, or a page that must be fresh on every request.
   */
  skipPageCache: () => void
  /**
   * The database could not be reached while the request's session was read: the page is the
   * 503 error page (app/lib/database-away.ts), rendered without touching the database.
   */
  databaseAway: boolean
}

// The server and the React Router build may each evaluate this module (Vite in development
// loads its own copy), so the token lives on globalThis to stay one and the same object.
const TOKEN = Symbol.for('bas-market.app-load-context')
type GlobalWithToken = typeof globalThis & { [TOKEN]?: ReturnType<typeof createContext<AppLoadContext>> }
const store = globalThis as GlobalWithToken

export const appContext = (store[TOKEN] ??= createContext<AppLoadContext>())

export function getAppContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext)
}
