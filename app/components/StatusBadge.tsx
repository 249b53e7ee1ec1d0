import { Badge, type BadgeProps } from '@mantine/core'
import { type Lifecycle, type StatusOf, statusLook } from '#app/lib/statuses.ts'

/** A status of any lifecycle as a light badge in its colour (`lib/statuses.ts`). */
export function StatusBadge<L extends Lifecycle>({
  lifecycle,
  status,
  ...props
}: { lifecycle: L; status: StatusOf<L> } & Omit<BadgeProps, 'color' | 'children'>) {
  const { label, color } = statusLook(lifecycle, status)
  return (
    <Badge color={color} variant="light" {...props}>
      {label}
    </Badge>
  )
}
