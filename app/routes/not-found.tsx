import { notFound } from '#app/lib/http-errors.ts'
import type { Route } from './+types/not-found'

/** Any path no other route claims. */
export function loader({ request }: Route.LoaderArgs) {
  notFound(request)
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function NotFound() {
  return null
}
