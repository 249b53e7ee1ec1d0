import type { CSSProperties, ReactNode } from 'react'
import ui from './ui.module.css'

/**
 * Mantine's light Badge as a plain element: `color` is a theme colour name (navy, teal, red…),
 * in Mantine's light variables (its shade 9 on its shade 1); `dot` is the white badge with a dot
 * of the colour.
 */
export function Badge({
  color,
  size = 'md',
  dot = false,
  className,
  children,
}: {
  color: string
  size?: 'md' | 'lg'
  dot?: boolean
  className?: string
  children: ReactNode
}) {
  const style = dot
    ? { '--badge-dot': `var(--mantine-color-${color}-6)` }
    : {
        '--badge-bg': `var(--mantine-color-${color}-light)`,
        '--badge-color': `var(--mantine-color-${color}-light-color)`,
      }
  return (
    <span
      className={[ui.badge, size === 'lg' && ui.badgeLg, dot && ui.badgeDot, className].filter(Boolean).join(' ')}
      style={style as CSSProperties}
    >
      {children}
    </span>
  )
}
