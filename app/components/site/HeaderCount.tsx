import { Badge } from '@mantine/core'
import { type HeaderSummary, useHeaderSummary } from '#app/lib/header-summary.ts'
import { MantineScope } from '../MantineScope.tsx'

/** A header icon's counter (cart lines, compared products, unread messages), shown only above 0. */
export default function HeaderCount(props: { field: keyof HeaderSummary; id: string; className?: string }) {
  const count = useHeaderSummary()[props.field]
  if (count <= 0) return null
  return (
    <MantineScope>
      <Badge id={props.id} size="xs" circle={count < 10} color="accent" variant="filled" className={props.className}>
        {count > 99 ? '99+' : count}
      </Badge>
    </MantineScope>
  )
}
