import { Badge } from '#app/components/ui/badge.tsx'
import { type Lifecycle, type StatusOf, statusLook } from '#app/lib/statuses.ts'

/** A status of any lifecycle as a light badge in its colour (`lib/statuses.ts`). */
export function StatusBadge<L extends Lifecycle>({
  lifecycle,
  status,
  ...props
}: {
  lifecycle: L
  status: StatusOf<L>
  size?: 'md' | 'lg'
  dot?: boolean
  className?: string
}) {
  const { label, color } = statusLook(lifecycle, status)
  return (
    <Badge color={color} {...props}>
      {label}
    </Badge>
  )
}
