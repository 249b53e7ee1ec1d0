import { Badge, type BadgeProps } from '@mantine/core'
import { SERVICE_ORDER_STATUS_LABELS, type ServiceOrderStatus } from '#common/exchange/service-orders.ts'

const COLORS: Record<ServiceOrderStatus, string> = {
  created: 'blue',
  in_progress: 'indigo',
  done: 'grape',
  completed: 'navy',
  cancelled: 'gray',
}

/** A service order's status as a light badge in its colour. */
export function ServiceOrderStatusBadge({
  status,
  ...props
}: { status: ServiceOrderStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={COLORS[status]} variant="light" {...props}>
      {SERVICE_ORDER_STATUS_LABELS[status]}
    </Badge>
  )
}
