import { type HeaderSummary, useHeaderSummary } from '#app/lib/header-summary.ts'
import classes from './HeaderCount.module.css'

/**
 * A header icon's counter (cart lines, compared products, unread messages), shown only above 0.
 * A plain element drawn like Mantine's filled xs Badge: every page shows it, and it is not worth
 * loading Mantine for.
 */
export default function HeaderCount(props: { field: keyof HeaderSummary; id: string; className?: string }) {
  const count = useHeaderSummary()[props.field]
  if (count <= 0) return null
  return (
    <span id={props.id} className={`${classes.count} ${props.className ?? ''}`} data-circle={count < 10 || undefined}>
      {count > 99 ? '99+' : count}
    </span>
  )
}
